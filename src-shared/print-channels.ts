/**
 * The courier slip's IPC channels (docs/decisions.md D52), apart from the zod schemas so the sandboxed preload
 * names them without bundling a validator (as channels.ts does for the contract).
 */
export const PRINT_CHANNELS = {
  print: 'pos-print:print',
  savePdf: 'pos-print:save-pdf',
  listPrinters: 'pos-print:list-printers',
} as const
