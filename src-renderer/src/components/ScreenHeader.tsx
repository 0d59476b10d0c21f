import type { ReactNode } from 'react'

/** A screen's top row: its title (or the brand) on the left, one action on the right. */
export function ScreenHeader({
  title,
  action,
  onAction,
}: {
  title: ReactNode
  action: string
  onAction: () => void
}) {
  return (
    <div className="screen-header">
      {title}
      <button type="button" className="button secondary" onClick={onAction}>
        {action}
      </button>
    </div>
  )
}
