import { qrSvg } from './qr-svg.ts'

/** A slip's QR code (the order, the manifest, a courier's badge), drawn as one crisp SVG path. */
export function SlipQr({ text, label }: { text: string; label: string }) {
  const qr = qrSvg(text)
  return (
    <svg
      className="slip-qr"
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
      role="img"
      aria-label={label}
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  )
}
