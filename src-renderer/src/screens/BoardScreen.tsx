import type { SessionStatus } from '../../../src-shared/domain.ts'
import { Header } from '../components/Header.tsx'
import { BranchesPanel } from './board/BranchesPanel.tsx'
import { MethodsPanel } from './board/MethodsPanel.tsx'
import { OrderBoard } from './board/OrderBoard.tsx'
import { useMessages } from '../i18n/use-messages.tsx'

/**
 * The screen staff keep open: the order board takes the width; the platform's reference lists fold into a
 * strip above it, beside the board's filter, opened when needed (docs/decisions.md D43).
 */
export function BoardScreen({ session }: { session: SessionStatus }) {
  const rt = useMessages().t.board
  return (
    <div className="app">
      <Header session={session} />
      <main className="main-board">
        <OrderBoard
          reference={
            <details className="reference-strip">
              <summary>{rt.reference}</summary>
              <div className="reference-panels">
                <BranchesPanel />
                <MethodsPanel />
              </div>
            </details>
          }
        />
      </main>
    </div>
  )
}
