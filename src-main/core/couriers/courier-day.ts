// The courier's day as one area of the core (issue 21, docs/decisions.md D65): the ledger, the hand-over that
// names its courier, the board's courier strip, the day-end and its CSV, and what the intake's ways in say of
// an order's courier, amount and branch. createCore makes it from the ledger, the board and the outbox; the
// call table and the intake call it. The rules stay where they are: the ledger's in courier-ledger.ts, the
// settlement in day-end.ts, the strip in couriers-out.ts.
import type {
  CashRecord,
  Courier,
  CourierAssignment,
  CourierListed,
  CourierOut,
  DayEndView,
} from '../../../src-shared/couriers.ts'
import {
  handoverEligibility,
  type BoardOrder,
  type Branch,
  type Settings,
} from '../../../src-shared/domain.ts'
import type { OrderSource } from '../../../src-shared/intake-view.ts'
import { describeThrown, invalidInput } from '../app-failure.ts'
import type { HandoverOutbox } from '../orders/handover-outbox.ts'
import type { OrderBoard } from '../orders/order-board.ts'
import type { Clock, Logger } from '../ports.ts'
import { dayBefore, dayOf } from '../time/platform-day.ts'
import type { BranchList } from './branch-list.ts'
import type { CourierLedger, LedgerAssignment, LedgerChange, OrderFacts } from './courier-ledger.ts'
import { CourierRefusal } from './courier-refusal.ts'
import { couriersOut } from './couriers-out.ts'
import { dayEndCsv } from './day-end-csv.ts'
import { settleDay, type DayEnd } from './day-end.ts'

export interface CourierDayDeps {
  ledger: CourierLedger
  board: OrderBoard
  outbox: Pick<HandoverOutbox, 'handOver' | 'owedNow' | 'dayHistory'>
  branches: BranchList
  settings: {
    get(): Pick<Settings, 'collectedAtDoor' | 'courierRequired' | 'platformTimeZone' | 'language'>
  }
  clock: Clock
  log: Logger
  /** A board order changed as the cards show it (its courier): the core's `orderChanged`. */
  orderChanged: (order: BoardOrder) => void
  /** The ledger wrote a record: the core's `couriersChanged`. */
  couriersChanged: (kind: LedgerChange['kind']) => void
}

/** Who takes the package, by the ledger's id (staff) or by name (the POS, a link, the command line). */
export type CourierRef = { id: string } | { name: string }

/** The ways in that may change what is known of an order (the board's only-add rule, D71). */
const MAY_CHANGE_WHAT_IS_KNOWN: ReadonlySet<OrderSource> = new Set(['typed', 'pos-api'])

/** What the ledger and History know of an order off the board (CourierDay.knownOrder). */
export interface KnownOrder {
  details: OrderFacts
  /** The courier who carries it, when one is named. */
  courierId: string | undefined
}

/** `GET /v1/day-end`'s answer (docs/intake-api.md): snake_case, kuruş, stable for integrators. */
export interface PublicDayEnd {
  date: string
  couriers: {
    courier: string
    packages: number
    cash_to_collect_kurus: number
    cash_handed_in_kurus: number
    difference_kurus: number
  }[]
  unassigned_packages: number
  /** What those packages' customers paid at the door: owed by no courier, in no courier's difference (D76). */
  unassigned_cash_to_collect_kurus: number
  /** Orders of the day the platform has not confirmed (still owed, unconfirmed, refused): not packages. */
  not_confirmed: { owed: number; unconfirmed: number; refused: number }
}

export class CourierDay {
  readonly #deps: CourierDayDeps
  readonly #unsubscribe: () => void

  constructor(deps: CourierDayDeps) {
    this.#deps = deps
    this.#unsubscribe = deps.ledger.onChange((change) => this.#changed(change))
  }

  /** The order as the board's cards show it: with the courier who carries it now. */
  withCourier(order: BoardOrder): BoardOrder {
    const courierId = this.#deps.ledger.assignmentOf(order.paymentKey)
    const courier = courierId ? this.#deps.ledger.courier(courierId) : undefined
    // The board never holds a courier itself: the ledger is the one source.
    if (!courier) return order
    return { ...order, courier: { id: courier.id, name: courier.name } }
  }

  /**
   * "Kuryeye Verildi", naming the courier or not. Everything that can refuse is checked before anything is
   * written, and throws at once; then the order's facts and its courier go to the ledger (a write the disk
   * refuses throws, and nothing is sent); only then the outbox, whose promise is answered as it is (the intake
   * tells a refusal from a send under way by when it rejects), without the courier: see withCourier.
   */
  handOver(paymentKey: string, courier?: CourierRef): Promise<BoardOrder> {
    const { board, ledger, outbox, settings } = this.#deps
    const order = board.require(paymentKey)
    // Already handed over: the outbox answers the order as it is, and nothing is written (assignCourier
    // changes a courier afterwards).
    if (order.handover.state === 'handed-over') return outbox.handOver(paymentKey)
    if (outbox.owedNow().includes(paymentKey)) throw invalidInput('already-sending')
    const eligibility = handoverEligibility(order)
    if (eligibility === 'pickup' || eligibility === 'platform-courier') throw invalidInput('not-eligible')
    const courierId = courier === undefined ? undefined : this.#working(courier).id
    if (courierId === undefined && settings.get().courierRequired) {
      throw new CourierRefusal('courier-required')
    }
    this.#noteOrder(order)
    if (courierId !== undefined) ledger.assign({ paymentKey, courierId })
    return outbox.handOver(paymentKey)
  }

  /**
   * What an intake way in said of an order's courier (the POS's `courier`, a link's, the command line's,
   * the drop folder's), checked before the order is added: a name the ledger does not know is refused.
   */
  courierOf(name: string): Courier {
    return this.#working({ name })
  }

  /** The platform's answer to a branch list asked for elsewhere (Settings): the checks use it. */
  branchesListed(branches: readonly Branch[]): void {
    this.#deps.branches.remember(branches)
  }

  /** An order's branch, checked against the branches the signed-in keys list (before it is added). */
  checkBranch(branch: string): Promise<void> {
    return this.#deps.branches.check(branch)
  }

  /**
   * After an intake way in added an order naming its courier: the package goes with them. A link, the
   * command line and the drop folder only add (D71): a courier already named stays.
   */
  orderAdded(paymentKey: string, courierId: string | undefined, source: OrderSource): void {
    const { ledger, board } = this.#deps
    const order = board.get(paymentKey)
    // An order already on its way: what it costs and how it is paid go to the ledger for the day-end.
    if (order && order.handover.state !== 'none') this.#noteOrder(order)
    if (courierId === undefined) return
    const current = ledger.assignmentOf(paymentKey)
    if (current !== undefined && current !== null && !MAY_CHANGE_WHAT_IS_KNOWN.has(source)) {
      if (current !== courierId) {
        this.#deps.log.warn('couriers: kept the courier of an order; another way in offered another', {
          source,
        })
      }
      return
    }
    ledger.assign({ paymentKey, courierId })
  }

  /**
   * What the app already knows of an order that is not on the board (issue 27.3): the facts and the courier
   * the ledger noted, and the label History kept, read from disk over the days whose settlement a record
   * written now can still change (today and the two days before, D65). Undefined when none of them knows it.
   */
  knownOrder(paymentKey: string): KnownOrder | undefined {
    const { ledger, outbox } = this.#deps
    const today = this.#today()
    const days = [today, dayBefore(today, 1), dayBefore(today, 2)]
    // The day files of a week before the oldest of those days up to today, and the journal.
    const { orders, assignments } = ledger.day(dayBefore(today, 2))
    const facts = orders.get(paymentKey)
    const assigned = assignments.filter((entry) => entry.paymentKey === paymentKey)
    const latest = assigned.reduce<LedgerAssignment | undefined>(
      (last, entry) => (last === undefined || entry.seq > last.seq ? entry : last),
      undefined,
    )
    const history = days.flatMap((day) =>
      outbox.dayHistory(day).entries.filter((entry) => entry.paymentKey === paymentKey),
    )
    if (facts === undefined && latest === undefined && history.length === 0) return undefined
    const label = history.findLast((entry) => entry.label !== undefined)?.label
    const details = Object.fromEntries(
      Object.entries({ label, ...facts }).filter(([, known]) => known !== undefined),
    ) as OrderFacts
    return { details, courierId: latest?.courierId ?? undefined }
  }

  listCouriers(): CourierListed[] {
    const lastUsed = this.#deps.ledger.lastUsed()
    return this.#deps.ledger.couriers().map((courier) => {
      const at = lastUsed.get(courier.id)
      return at === undefined ? courier : { ...courier, lastUsedAt: at }
    })
  }

  addCourier(input: { requestId: string; name: string; badge?: string | undefined }): Courier {
    return this.#deps.ledger.addCourier({ id: input.requestId, name: input.name, badge: input.badge })
  }

  renameCourier(input: { requestId: string; courierId: string; name: string }): Courier {
    return this.#deps.ledger.renameCourier({
      id: input.requestId,
      courierId: input.courierId,
      name: input.name,
    })
  }

  setCourierBadge(input: { requestId: string; courierId: string; badge: string | null }): Courier {
    return this.#deps.ledger.setBadge({
      id: input.requestId,
      courierId: input.courierId,
      badge: input.badge,
    })
  }

  retireCourier(input: { requestId: string; courierId: string }): Courier {
    return this.#deps.ledger.retireCourier({ id: input.requestId, courierId: input.courierId })
  }

  /** A package's courier, on the board or after it left (a correction from the day-end screen). */
  assignCourier(input: {
    requestId: string
    paymentKey: string
    courierId: string | null
  }): CourierAssignment {
    const { ledger, board } = this.#deps
    if (input.courierId !== null) this.#working({ id: input.courierId })
    const order = board.get(input.paymentKey)
    // On the board and on its way: its facts go with the assignment, so the day-end can count its cash.
    if (order && order.handover.state !== 'none') this.#noteOrder(order)
    const assignment = ledger.assign({
      id: input.requestId,
      paymentKey: input.paymentKey,
      courierId: input.courierId,
    })
    return { paymentKey: assignment.paymentKey, courierId: assignment.courierId, at: assignment.at }
  }

  recordCash(input: {
    requestId: string
    courierId: string
    amountKurus: number
    note?: string | undefined
    day?: string | undefined
  }): CashRecord {
    const { requestId, ...rest } = input
    return this.#deps.ledger.recordCash({ id: requestId, ...rest })
  }

  correctCash(input: {
    requestId: string
    corrects: string
    amountKurus: number
    courierId?: string | undefined
    note?: string | undefined
    day?: string | undefined
  }): CashRecord {
    const { requestId, ...rest } = input
    return this.#deps.ledger.correctCash({ id: requestId, ...rest })
  }

  /** The board's strip: per working courier, the packages out now and the cash they collect. */
  couriersOut(): CourierOut[] {
    const { ledger, board, settings, clock } = this.#deps
    const { platformTimeZone: timeZone, collectedAtDoor } = settings.get()
    return couriersOut({
      ...ledger.live(),
      couriers: ledger.couriers(),
      today: dayOf(clock.now(), timeZone),
      timeZone,
      boardOrder: (paymentKey) => board.get(paymentKey),
      collectedAtDoor,
    })
  }

  /** The settlement of `day` (today when left out), read from disk now, with the days to choose from. */
  dayEnd(day?: string): DayEndView {
    const today = this.#today()
    const { dayEnd, days } = this.#settle(day ?? today)
    return { ...dayEnd, days: [...new Set([today, ...days])].sort().reverse(), today }
  }

  dayEndCsv(day: string): string {
    const { language, platformTimeZone } = this.#deps.settings.get()
    return dayEndCsv(this.#settle(day).dayEnd, { language, timeZone: platformTimeZone })
  }

  /** `GET /v1/day-end?date=` (today when left out). */
  publicDayEnd(day?: string): PublicDayEnd {
    const { dayEnd } = this.#settle(day ?? this.#today())
    return {
      date: dayEnd.day,
      couriers: dayEnd.couriers.map((courier) => ({
        courier: courier.name,
        packages: courier.packages,
        cash_to_collect_kurus: courier.cashToCollectKurus,
        cash_handed_in_kurus: courier.cashHandedInKurus,
        difference_kurus: courier.differenceKurus,
      })),
      unassigned_packages: dayEnd.unassigned.packages,
      unassigned_cash_to_collect_kurus: dayEnd.unassigned.cashToCollectKurus,
      not_confirmed: { ...dayEnd.allOrders.notConfirmed },
    }
  }

  dispose(): void {
    this.#unsubscribe()
    this.#deps.ledger.dispose()
  }

  #today(): string {
    return dayOf(this.#deps.clock.now(), this.#deps.settings.get().platformTimeZone)
  }

  #settle(day: string): { dayEnd: DayEnd; days: string[] } {
    const { ledger, outbox, settings, branches } = this.#deps
    const { platformTimeZone: timeZone, collectedAtDoor } = settings.get()
    const { entries, days } = outbox.dayHistory(day)
    const dayEnd = settleDay({
      day,
      timeZone,
      history: entries,
      ...ledger.day(day),
      collectedAtDoor,
      branches: branches.known(),
      // Only today has hand-overs still on their way.
      ...(day === this.#today() ? { owedNow: outbox.owedNow() } : {}),
    })
    return { dayEnd, days }
  }

  /** A courier who still works here, by id or by name; refused when unknown or retired. */
  #working(ref: CourierRef): Courier {
    const { ledger } = this.#deps
    const courier = 'id' in ref ? ledger.courier(ref.id) : ledger.courierByName(ref.name)
    if (!courier) throw new CourierRefusal('unknown-courier')
    if (courier.retired) throw new CourierRefusal('courier-retired')
    return courier
  }

  /** What the day-end needs of the order once it has left the board: how it is paid, its amount, its branch. */
  #noteOrder(order: BoardOrder): void {
    this.#deps.ledger.noteOrder({
      paymentKey: order.paymentKey,
      paymentMethod: order.paymentMethod,
      amountKurus: order.amountKurus,
      branch: order.branch,
      label: order.label,
    })
  }

  #changed(change: LedgerChange): void {
    const { board, orderChanged, couriersChanged, log } = this.#deps
    try {
      couriersChanged(change.kind)
      // The cards show their courier: an assignment changes one card, a rename every card of that courier.
      if (change.kind === 'assignment') {
        const order = board.get(change.paymentKey)
        if (order) orderChanged(this.withCourier(order))
      } else if (change.kind === 'couriers') {
        for (const order of board.list()) {
          if (this.#deps.ledger.assignmentOf(order.paymentKey)) orderChanged(this.withCourier(order))
        }
      }
    } catch (error) {
      log.error('couriers: could not announce a ledger change', { error: describeThrown(error) })
    }
  }
}
