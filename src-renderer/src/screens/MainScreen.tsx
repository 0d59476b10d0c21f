import type { SessionStatus } from '../../../src-shared/domain.ts'
import { Header } from '../components/Header.tsx'
import { BranchesPanel } from './main/BranchesPanel.tsx'
import { MethodsPanel } from './main/MethodsPanel.tsx'
import { OrderBoard } from './main/OrderBoard.tsx'

/** The screen staff keep open: the order board first, the platform's reference lists beside it. */
export function MainScreen({ session }: { session: SessionStatus }) {
  return (
    <div className="app">
      <Header session={session} />
      <main className="main-grid">
        <OrderBoard />
        <aside className="side">
          <BranchesPanel />
          <MethodsPanel />
        </aside>
      </main>
    </div>
  )
}
