// The courier's day, made durable (docs/decisions.md D65): the couriers, who carried which package, what each
// order costs and how it is paid, and the cash each courier handed in. Journalled the way a hand-over is
// (D17, D18): a record is appended and flushed before anything is held in memory, shown or announced, so a
// full disk refuses the write (the fs error reaches the caller, which shows `disk-full`) and a crash loses
// nothing that was shown. Every write carries an id; writing under an id already used is a no-op that answers
// what was recorded then, so a call retried after a lost answer never doubles a record. Nothing is overwritten:
// a rename, a reassignment or a corrected amount is a new record.
import { randomUUID } from 'node:crypto'
import {
  checkBadgeCode,
  checkCashNote,
  checkCourierName,
  courierNameKey,
} from '../../../src-shared/courier-rules.ts'
import { describeThrown } from '../app-failure.ts'
import { Listeners } from '../listeners.ts'
import type { Clock, Logger } from '../ports.ts'
import type { HistoryArchive } from '../storage/history-archive.ts'
import type { Journal } from '../storage/journal.ts'
import { dayBefore, dayOf, isCalendarDay, onEachDayTurn } from '../time/platform-day.ts'
import type { AccountClosing, MovementKind } from '../../../src-shared/couriers.ts'
import {
  highestSeq,
  Kurus,
  OrderNoted,
  readableRecords,
  type AccountClosed,
  type Assigned,
  type CashHandedIn,
  type LedgerRecord,
} from './courier-records.ts'
import { CourierRefusal } from './courier-refusal.ts'
import { compactLedger, daysAround, LEDGER_RETENTION_DAYS } from './ledger-files.ts'
import type {
  CashRecord,
  CourierNaming,
  LedgerAssignment,
  LedgerCourier,
  LedgerDay,
  OrderFacts,
  PayRate,
} from './day-end.ts'

export type { CashRecord, LedgerAssignment, LedgerCourier, LedgerDay, OrderFacts } from './day-end.ts'

/** What changed, for the wiring to turn into the contract's events. Announced only once it is on disk. */
export type LedgerChange =
  | { kind: 'couriers' }
  | { kind: 'assignment'; paymentKey: string; courierId: string | null }
  | {
      kind: 'order'
      paymentKey: string
      /** The tender at the door changed: the card shows it. */ tender?: true
    }
  | { kind: 'cash'; courierId: string; day: string }

/**
 * At most this many records are written per day (by the day of writing, the platform's time zone): a busy
 * restaurant writes a few per package (assignment, order note, tender), so 20,000 is ten times a very busy day;
 * a signed POS looping on the intake cannot grow the journal without bound. Past it, writes are refused
 * (`day-full`) until the next day.
 */
export const LEDGER_RECORDS_PER_DAY = 20_000

/** A batch scan-out as the ledger holds it. */
export interface LedgerBatch {
  batchId: string
  courierId: string
  startedAt: string
  endedAt?: string
  seq: number
}

export interface CourierLedgerDeps {
  /** `courier-ledger.jsonl` in the data folder: the couriers and the last two days (ledger-files.ts). */
  journal: Journal
  /** `courier-days/`: one file per older day. */
  archive: HistoryArchive
  clock: Clock
  log: Logger
  /** The platform's time zone: its days are the settlement's days. */
  timeZone: () => string
  /** The account a note written before accounts reads as (issue 29); left out (one account), none is named. */
  firstAccount?: string | undefined
}

/** What the notes say of an order, with its account (issue 29). */
export interface NotedFacts extends OrderFacts {
  account?: string | undefined
}

/** What an order note may say, checked before it is written. */
const NOTED_FIELDS = OrderNoted.omit({ type: true, id: true, seq: true, at: true, corrected: true }).strict()

/** The facts a later note may correct: what the settlement reads of an order. */
const CORRECTABLE = ['paymentMethod', 'amountKurus', 'branch', 'label'] as const

/** Today's and yesterday's records, as the ledger holds them (CourierLedger.live). */
export interface LedgerLive {
  /** The latest assignment of each package. */
  assignments: LedgerAssignment[]
  /** Oldest first. */
  cash: CashRecord[]
  orders: ReadonlyMap<string, OrderFacts>
}

/** A whole kuruş amount a caller sent, checked. */
function checkedRate(rate: number | null): number | null {
  if (rate !== null && !Kurus.safeParse(rate).success) throw new CourierRefusal('amount-invalid')
  return rate
}

/** Every write may name its request id; one is made when it does not. */
interface WithId {
  id?: string
}

export class CourierLedger {
  readonly #deps: CourierLedgerDeps
  /** The journal's records, by id: what makes a retried write a no-op. */
  #live = new Map<string, LedgerRecord>()
  #couriers = new Map<string, LedgerCourier>()
  /** The latest assignment of each package among the journal's records: what the board shows. */
  #current = new Map<string, Assigned>()
  /** What the journal's order notes say of each package, merged: a note that adds nothing is not written. */
  #facts = new Map<string, NotedFacts>()
  /** The method recorded at the door of each package, among the journal's records: what the card shows. */
  #tenders = new Map<string, string>()
  /** When each courier last took a package, among the journal's records (the picker's recent couriers). */
  #lastUsed = new Map<string, string>()
  /** How many records were written on each day (by `at`), for the per-day limit. */
  #perDay = new Map<string, number>()
  /** Past days' files, parsed once: they change only at compaction, which forgets them. */
  #archived = new Map<string, LedgerRecord[]>()
  #nextSeq = 0
  readonly #changes = new Listeners<[LedgerChange]>()
  readonly #cancelDayTurn: () => void

  constructor(deps: CourierLedgerDeps) {
    this.#deps = deps
    this.compact()
    // At each day's turn in the platform's time zone, the journal is compacted (D55).
    this.#cancelDayTurn = onEachDayTurn(deps.clock, deps.timeZone, () => this.compact())
  }

  /** Every courier ever added, retired ones too (past days name them), by name. */
  couriers(): LedgerCourier[] {
    return [...this.#couriers.values()]
      .map((courier) => ({ ...courier }))
      .sort((a, b) => a.name.localeCompare(b.name, 'tr'))
  }

  courier(courierId: string): LedgerCourier | undefined {
    const courier = this.#couriers.get(courierId)
    return courier && { ...courier }
  }

  /** The courier still working here whose badge this is (a scan, or the code typed). */
  courierByBadge(code: string): LedgerCourier | undefined {
    const checked = checkBadgeCode(code)
    if (!checked.ok) return undefined
    return this.#active().find((courier) => courier.badge === checked.code)
  }

  /** The courier still working here with this name, letter case aside (what a POS sends). */
  courierByName(name: string): LedgerCourier | undefined {
    const checked = checkCourierName(name)
    if (!checked.ok) return undefined
    const key = courierNameKey(checked.name)
    return this.#active().find((courier) => courierNameKey(courier.name) === key)
  }

  /** When each courier last took a package (today or yesterday): the picker offers recent couriers first. */
  lastUsed(): ReadonlyMap<string, string> {
    return new Map(this.#lastUsed)
  }

  /**
   * Today's and yesterday's records as held in memory, for the board's courier strip: the latest assignment of
   * each package, the cash records and what the order notes say. Past days are read with `day()`.
   */
  live(): LedgerLive {
    // #live holds the records in seq order: read back sorted, then each write with the next seq.
    const cash: CashRecord[] = []
    for (const record of this.#live.values()) if (record.type === 'cash') cash.push(cashRecordOf(record))
    return {
      assignments: [...this.#current.values()].map(assignmentOf),
      cash,
      orders: new Map([...this.#facts].map(([key, facts]) => [key, this.#withAccount(facts)])),
    }
  }

  /** What the journal's order notes (today's and yesterday's) say of a package, merged; undefined when none. */
  notedOf(paymentKey: string): NotedFacts | undefined {
    const facts = this.#facts.get(paymentKey)
    return facts && this.#withAccount(facts)
  }

  /** A copy of an order's facts; a note from before accounts is the first account's. */
  #withAccount(facts: NotedFacts): NotedFacts {
    const first = this.#deps.firstAccount
    return facts.account === undefined && first !== undefined ? { ...facts, account: first } : { ...facts }
  }

  /** Who carries this package now: a courier's id, null when cleared, undefined when never named (or long ago). */
  assignmentOf(paymentKey: string): string | null | undefined {
    return this.#current.get(paymentKey)?.courierId
  }

  addCourier(input: WithId & { name: string; badge?: string | undefined }): LedgerCourier {
    const replayed = this.#replayed(input.id, 'courier-added')
    if (replayed) return this.#courierOf(replayed.courierId)
    const name = this.#freeName(input.name, undefined)
    const badge = input.badge === undefined ? undefined : this.#freeBadge(input.badge, undefined)
    const courierId = randomUUID()
    this.#write({ type: 'courier-added', id: input.id, courierId, name, ...(badge ? { badge } : {}) })
    return this.#courierOf(courierId)
  }

  renameCourier(input: WithId & { courierId: string; name: string }): LedgerCourier {
    const replayed = this.#replayed(input.id, 'courier-renamed')
    if (replayed) return this.#courierOf(replayed.courierId)
    this.#courierOf(input.courierId)
    const name = this.#freeName(input.name, input.courierId)
    this.#write({ type: 'courier-renamed', id: input.id, courierId: input.courierId, name })
    return this.#courierOf(input.courierId)
  }

  /** Gives, changes or (null) takes away a courier's badge code. */
  setBadge(input: WithId & { courierId: string; badge: string | null }): LedgerCourier {
    const replayed = this.#replayed(input.id, 'courier-badge')
    if (replayed) return this.#courierOf(replayed.courierId)
    this.#courierOf(input.courierId)
    const badge = input.badge === null ? null : this.#freeBadge(input.badge, input.courierId)
    this.#write({ type: 'courier-badge', id: input.id, courierId: input.courierId, badge })
    return this.#courierOf(input.courierId)
  }

  /** The courier leaves: no longer offered, their badge and name free again; past days still name them. */
  retireCourier(input: WithId & { courierId: string }): LedgerCourier {
    const replayed = this.#replayed(input.id, 'courier-retired')
    if (replayed) return this.#courierOf(replayed.courierId)
    const courier = this.#courierOf(input.courierId)
    if (!courier.retired) this.#write({ type: 'courier-retired', id: input.id, courierId: courier.id })
    return this.#courierOf(courier.id)
  }

  /** This package goes with this courier (null: with nobody named). A reassignment is a new record. */
  assign(
    input: WithId & { paymentKey: string; courierId: string | null; batchId?: string | undefined },
  ): LedgerAssignment {
    const replayed = this.#replayed(input.id, 'assigned')
    if (replayed) return assignmentOf(replayed)
    if (input.courierId !== null && this.#courierOf(input.courierId).retired) {
      throw new CourierRefusal('courier-retired')
    }
    const paymentKey = input.paymentKey.trim()
    if (paymentKey.length === 0 || paymentKey.length > 100) throw new CourierRefusal('order-invalid')
    // The same package scanned twice for the same courier: already so, nothing to write.
    const current = this.#current.get(paymentKey)
    if (current?.courierId === input.courierId && (input.batchId ?? current.batchId) === current.batchId) {
      return assignmentOf(current)
    }
    if (input.batchId !== undefined) this.#batchOf(input.batchId)
    return assignmentOf(
      this.#write({
        type: 'assigned',
        id: input.id,
        paymentKey,
        courierId: input.courierId,
        // Stryker disable next-line ConditionalExpression: equivalent, an undefined batchId is dropped on its way to the journal (JSON) and read everywhere as none.
        ...(input.batchId === undefined ? {} : { batchId: input.batchId }),
      }),
    )
  }

  /**
   * What the settlement needs of an order (payment method, amount, branch, label), kept because the order
   * leaves the board long before its day stops being settled. Fields left out keep what an earlier note said.
   */
  noteOrder(
    input: WithId & {
      paymentKey: string
      /** The order's account id (issue 29). */
      account?: string | undefined
      paymentMethod?: string | undefined
      amountKurus?: number | undefined
      branch?: string | undefined
      label?: string | undefined
      leftAt?: string | undefined
    },
  ): void {
    if (this.#replayed(input.id, 'order-noted')) return
    if (input.amountKurus !== undefined && !Kurus.safeParse(input.amountKurus).success) {
      throw new CourierRefusal('amount-invalid')
    }
    const { id, ...given } = input
    const facts = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined))
    const parsed = NOTED_FIELDS.safeParse(facts)
    if (!parsed.success) throw new CourierRefusal('order-invalid')
    // Noted at every hand-over: a note that says nothing new (a press again, a retry) is not written.
    const known = this.#facts.get(parsed.data.paymentKey) ?? {}
    const { paymentKey, ...fields } = parsed.data
    if (Object.entries(fields).every(([field, value]) => known[field as keyof OrderFacts] === value)) return
    // A note that changes a fact an earlier one gave is a correction, and says which (issue 27.3).
    const corrected = CORRECTABLE.filter(
      (field) => known[field] !== undefined && fields[field] !== undefined && fields[field] !== known[field],
    )
    this.#write({
      type: 'order-noted',
      id,
      paymentKey,
      ...fields,
      ...(corrected.length > 0 ? { corrected } : {}),
    })
  }

  /**
   * Cash a courier handed in. `day` is the day it settles when it is not today (a courier back after midnight
   * hands in yesterday's cash): today or an earlier day still kept, never a later one.
   */
  recordCash(
    input: WithId & {
      courierId: string
      amountKurus: number
      note?: string | undefined
      day?: string | undefined
    },
  ): CashRecord {
    const replayed = this.#replayed(input.id, 'cash')
    if (replayed) return cashRecordOf(replayed)
    this.#courierOf(input.courierId)
    const fields = this.#cashFields(input.amountKurus, input.note)
    const day = this.#settlingDay(input.day)
    return cashRecordOf(
      this.#write({ type: 'cash', id: input.id, courierId: input.courierId, day, ...fields }),
    )
  }

  /**
   * A cash record was wrong: this one stands in its place (with its day; with its courier unless another is
   * named). The wrong one stays in the history. `day` is the corrected record's day, needed only when it is
   * older than yesterday (the ledger reads that day's file to find it).
   */
  correctCash(
    input: WithId & {
      corrects: string
      amountKurus: number
      courierId?: string | undefined
      note?: string | undefined
      day?: string | undefined
    },
  ): CashRecord {
    const replayed = this.#replayed(input.id, 'cash')
    if (replayed) return cashRecordOf(replayed)
    const original = this.#cashRecord(input.corrects, input.day)
    const courierId = input.courierId ?? original.courierId
    this.#courierOf(courierId)
    const fields = this.#cashFields(input.amountKurus, input.note)
    // A record a closing settled stays in its closed account: the correction goes to today's open account.
    const settled = this.closings().some((closing) => closing.movementIds.includes(original.id))
    const day = settled ? dayOf(this.#deps.clock.now(), this.#deps.timeZone()) : original.day
    return cashRecordOf(
      this.#write({
        type: 'cash',
        id: input.id,
        courierId,
        kind: original.kind ?? 'handed-in',
        day,
        ...fields,
        corrects: original.id,
      }),
    )
  }

  /**
   * A cash movement (issue 28): a float, an expense, cash handed in, an advance, a debt repaid; or, with
   * `corrects`, a record standing in place of another (of the same kind). A correction of a record a closing
   * settled goes to the open account: it is written for today (or `day`), and the settlement books the change.
   */
  recordMovement(
    input: WithId & {
      courierId: string
      kind: MovementKind
      amountKurus: number
      note?: string | undefined
      corrects?: string | undefined
      day?: string | undefined
    },
  ): CashRecord {
    if (input.corrects === undefined) {
      const replayed = this.#replayed(input.id, 'cash')
      if (replayed) return cashRecordOf(replayed)
      this.#courierOf(input.courierId)
      const fields = this.#cashFields(input.amountKurus, input.note)
      const day = this.#settlingDay(input.day)
      return cashRecordOf(
        this.#write({
          type: 'cash',
          id: input.id,
          courierId: input.courierId,
          kind: input.kind,
          day,
          ...fields,
        }),
      )
    }
    return this.correctCash({ ...input, corrects: input.corrects })
  }

  /** What the customer paid at the door (null: the order's own method again). */
  setDoorTender(input: WithId & { paymentKey: string; method: string | null }): {
    paymentKey: string
    method: string | null
    at: string
  } {
    const replayed = this.#replayed(input.id, 'door-tender')
    if (replayed) return { paymentKey: replayed.paymentKey, method: replayed.method, at: replayed.at }
    const paymentKey = input.paymentKey.trim()
    if (paymentKey.length === 0 || paymentKey.length > 100) throw new CourierRefusal('order-invalid')
    const method = input.method === null ? null : input.method.trim()
    if (method !== null && (method.length === 0 || method.length > 64))
      throw new CourierRefusal('order-invalid')
    const record = this.#write({ type: 'door-tender', id: input.id, paymentKey, method })
    return { paymentKey, method, at: record.at }
  }

  /** The door methods recorded, per package, among the journal's records. */
  tenders(): ReadonlyMap<string, string> {
    return this.#tenders
  }

  /** The method recorded at the door of a package (the journal's days), undefined when none. */
  tenderOf(paymentKey: string): string | undefined {
    return this.#tenders.get(paymentKey)
  }

  startBatch(input: WithId & { courierId: string }): LedgerBatch {
    const replayed = this.#replayed(input.id, 'batch-started')
    if (replayed) return this.#batchOf(replayed.id)
    if (this.#courierOf(input.courierId).retired) throw new CourierRefusal('courier-retired')
    const record = this.#write({ type: 'batch-started', id: input.id, courierId: input.courierId })
    return this.#batchOf(record.id)
  }

  endBatch(input: WithId & { batchId: string }): LedgerBatch {
    const replayed = this.#replayed(input.id, 'batch-ended')
    if (replayed) return this.#batchOf(replayed.batchId)
    const batch = this.#batchOf(input.batchId)
    if (batch.endedAt === undefined)
      this.#write({ type: 'batch-ended', id: input.id, batchId: input.batchId })
    return this.#batchOf(input.batchId)
  }

  /** The batches among the journal's records (today's and yesterday's), by seq. */
  batches(): LedgerBatch[] {
    return batchesOf(this.#live.values())
  }

  /** Writes a closing the caller computed (CourierDay.closeAccount); a retry answers the first. */
  closeAccount(input: WithId & Omit<AccountClosing, 'id' | 'at'>): AccountClosing {
    const replayed = this.#replayed(input.id, 'account-closed')
    if (replayed) return closingOf(replayed)
    this.#courierOf(input.courierId)
    const { id, ...fields } = input
    return closingOf(this.#write({ type: 'account-closed', id, ...fields }))
  }

  /** Every closing, by seq (they never leave the journal). */
  closings(): (AccountClosing & { seq: number })[] {
    const closings: (AccountClosing & { seq: number })[] = []
    for (const record of this.#live.values()) {
      if (record.type === 'account-closed') closings.push({ ...closingOf(record), seq: record.seq })
    }
    return closings
  }

  /** Pay per package from today on, for every courier (null) or one; a null rate turns it off. */
  setPayRate(input: WithId & { courierId: string | null; rateKurus: number | null }): void {
    if (this.#replayed(input.id, 'pay-rate')) return
    if (input.courierId !== null) this.#courierOf(input.courierId)
    const rateKurus = checkedRate(input.rateKurus)
    const day = dayOf(this.#deps.clock.now(), this.#deps.timeZone())
    this.#write({ type: 'pay-rate', id: input.id, courierId: input.courierId, rateKurus, day })
  }

  /** Every pay rate record, by seq. */
  payRates(): PayRate[] {
    const rates: PayRate[] = []
    for (const record of this.#live.values()) {
      if (record.type === 'pay-rate') {
        const { courierId, rateKurus, day, seq } = record
        rates.push({ courierId, rateKurus, day, seq })
      }
    }
    return rates
  }

  /**
   * Everything the settlement of `day` reads from the ledger: the journal's records as held in memory, and the
   * day files around it, each read from disk once and kept until a compaction changes them. The names each
   * courier was given, with when, come from the roster's records, which never leave the journal.
   */
  day(day: string): LedgerDay {
    const seen = new Set<string>()
    // Stryker disable next-line ArrayDeclaration: equivalent, a string among the records has no seq (the sort keeps it first) and no type to match.
    const records: LedgerRecord[] = []
    // The first write under an id stands, as readableRecords reads it: the day files' copy before the journal's.
    for (const record of [...this.#archivedAround(day), ...this.#live.values()]) {
      if (seen.has(record.id)) continue
      seen.add(record.id)
      records.push(record)
    }
    records.sort((a, b) => a.seq - b.seq)
    const orders = new Map<string, NotedFacts>()
    const assignments: LedgerAssignment[] = []
    const cash: CashRecord[] = []
    const names: CourierNaming[] = []
    for (const record of records) {
      if (record.type === 'assigned') assignments.push(assignmentOf(record))
      else if (record.type === 'cash') cash.push(cashRecordOf(record))
      else if (record.type === 'order-noted') {
        orders.set(record.paymentKey, { ...orders.get(record.paymentKey), ...factsOf(record) })
      } else if (record.type === 'courier-added' || record.type === 'courier-renamed') {
        const { courierId, name, seq, at } = record
        names.push({ courierId, name, seq, at })
      }
    }
    return {
      couriers: this.couriers(),
      names,
      assignments,
      orders: new Map([...orders].map(([key, facts]) => [key, this.#withAccount(facts)])),
      cash,
      tenders: tendersOf(records),
      closings: this.closings(),
      payRates: this.payRates(),
    }
  }

  /** Follows every change once it is on disk; returns the unsubscribe. */
  onChange(listener: (change: LedgerChange) => void): () => void {
    return this.#changes.add(listener)
  }

  /**
   * Moves the records of days before yesterday to their day files and reads the journal back. A failure costs
   * nothing: the journal is still whole, and the next day's turn tries again.
   */
  compact(): void {
    const { journal, archive, clock, log, timeZone } = this.#deps
    this.#archived = new Map()
    try {
      compactLedger({ journal, archive }, timeZone(), clock.now())
    } catch (error) {
      log.warn('couriers: could not compact the ledger', { error: describeThrown(error) })
    }
    this.#load()
  }

  dispose(): void {
    this.#cancelDayTurn()
  }

  #load(): void {
    const raw = this.#deps.journal.read()
    const { records, unreadable } = readableRecords(raw)
    if (unreadable > 0)
      this.#deps.log.warn('couriers: ledger records it cannot read were left alone', { unreadable })
    this.#live = new Map()
    this.#couriers = new Map()
    this.#current = new Map()
    this.#facts = new Map()
    this.#tenders = new Map()
    this.#lastUsed = new Map()
    this.#perDay = new Map()
    for (const record of records) this.#apply(record)
    this.#nextSeq = Math.max(this.#nextSeq, highestSeq(raw) + 1)
  }

  /** Appends the record and only then holds and announces it; a failed append throws and changes nothing. */
  #write<R extends DistributiveOmit<LedgerRecord, 'id' | 'seq' | 'at'> & { id: string | undefined }>(
    fields: R,
  ): Extract<LedgerRecord, { type: R['type'] }> {
    const now = this.#deps.clock.now()
    if ((this.#perDay.get(dayOf(now, this.#deps.timeZone())) ?? 0) >= LEDGER_RECORDS_PER_DAY) {
      throw new CourierRefusal('day-full')
    }
    const record = {
      ...fields,
      id: fields.id ?? randomUUID(),
      seq: this.#nextSeq,
      at: new Date(now).toISOString(),
    } as unknown as Extract<LedgerRecord, { type: R['type'] }>
    this.#deps.journal.append(record)
    this.#nextSeq += 1
    this.#apply(record)
    this.#announce(record)
    return record
  }

  #apply(record: LedgerRecord): void {
    this.#live.set(record.id, record)
    const day = dayOf(Date.parse(record.at), this.#deps.timeZone())
    this.#perDay.set(day, (this.#perDay.get(day) ?? 0) + 1)
    switch (record.type) {
      case 'courier-added':
        this.#couriers.set(record.courierId, {
          id: record.courierId,
          name: record.name,
          ...(record.badge === undefined ? {} : { badge: record.badge }),
          retired: false,
          addedAt: record.at,
        })
        return
      case 'courier-renamed':
      case 'courier-badge':
      case 'courier-retired':
        this.#changeCourier(record)
        return
      case 'assigned':
        this.#current.set(record.paymentKey, record)
        if (record.courierId !== null) this.#lastUsed.set(record.courierId, record.at)
        return
      case 'order-noted':
        this.#facts.set(record.paymentKey, { ...this.#facts.get(record.paymentKey), ...factsOf(record) })
        return
      case 'door-tender':
        if (record.method === null) this.#tenders.delete(record.paymentKey)
        else this.#tenders.set(record.paymentKey, record.method)
        return
    }
  }

  #changeCourier(
    record: Extract<LedgerRecord, { type: 'courier-renamed' | 'courier-badge' | 'courier-retired' }>,
  ): void {
    const courier = this.#couriers.get(record.courierId)
    // A change of a courier whose first record could not be read changes nothing.
    if (!courier) return
    if (record.type === 'courier-renamed') courier.name = record.name
    else if (record.type === 'courier-retired') courier.retired = true
    else if (record.badge === null) delete courier.badge
    else courier.badge = record.badge
  }

  #announce(record: LedgerRecord): void {
    let change: LedgerChange
    if (record.type === 'assigned') {
      change = { kind: 'assignment', paymentKey: record.paymentKey, courierId: record.courierId }
    } else if (record.type === 'cash') change = { kind: 'cash', courierId: record.courierId, day: record.day }
    else if (record.type === 'order-noted') change = { kind: 'order', paymentKey: record.paymentKey }
    else if (record.type === 'door-tender') {
      change = { kind: 'order', paymentKey: record.paymentKey, tender: true }
    } else if (record.type === 'account-closed') {
      change = { kind: 'cash', courierId: record.courierId, day: record.day }
    } else if (record.type === 'batch-started' || record.type === 'batch-ended') {
      change = { kind: 'assignment', paymentKey: '', courierId: null }
    } else change = { kind: 'couriers' }
    try {
      this.#changes.emit(change)
    } catch (error) {
      // The record is on disk: a listener's failure must not make the write look refused.
      this.#deps.log.error('couriers: a change listener failed', { error: describeThrown(error) })
    }
  }

  /** The record already written under `id`, when there is one: a retried write answers it and writes nothing. */
  #replayed<T extends LedgerRecord['type']>(
    id: string | undefined,
    type: T,
  ): Extract<LedgerRecord, { type: T }> | undefined {
    if (id === undefined) return undefined
    if (id.length === 0 || id.length > 100) throw new CourierRefusal('id-invalid')
    const existing = this.#live.get(id)
    if (!existing) return undefined
    if (existing.type !== type) throw new CourierRefusal('id-reused')
    return existing as Extract<LedgerRecord, { type: T }>
  }

  #batchOf(batchId: string): LedgerBatch {
    const batch = this.batches().find((held) => held.batchId === batchId)
    if (!batch) throw new CourierRefusal('unknown-batch')
    return batch
  }

  /** The day files a settlement of `day` reads, parsed once each. */
  #archivedAround(day: string): LedgerRecord[] {
    return daysAround(day).flatMap((held) => {
      let records = this.#archived.get(held)
      if (!records) {
        records = readableRecords(this.#deps.archive.read(held)).records
        this.#archived.set(held, records)
      }
      return records
    })
  }

  #active(): LedgerCourier[] {
    return [...this.#couriers.values()].filter((courier) => !courier.retired)
  }

  #courierOf(courierId: string): LedgerCourier {
    const courier = this.#couriers.get(courierId)
    if (!courier) throw new CourierRefusal('unknown-courier')
    return { ...courier }
  }

  /** A valid name no other working courier has (`self` may keep its own). */
  #freeName(text: string, self: string | undefined): string {
    const checked = checkCourierName(text)
    if (!checked.ok) throw new CourierRefusal(checked.problem)
    const taken = this.courierByName(checked.name)
    if (taken && taken.id !== self) throw new CourierRefusal('name-taken')
    return checked.name
  }

  #freeBadge(text: string, self: string | undefined): string {
    const checked = checkBadgeCode(text)
    if (!checked.ok) throw new CourierRefusal('badge-invalid')
    const taken = this.courierByBadge(checked.code)
    if (taken && taken.id !== self) throw new CourierRefusal('badge-taken')
    return checked.code
  }

  /** A blank note is none: `note` undefined, which the journal does not write. */
  #cashFields(
    amountKurus: number,
    noteText: string | undefined,
  ): { amountKurus: number; note?: string | undefined } {
    if (!Kurus.safeParse(amountKurus).success) throw new CourierRefusal('amount-invalid')
    if (noteText === undefined) return { amountKurus }
    const note = checkCashNote(noteText)
    if (!note.ok) throw new CourierRefusal('note-invalid')
    return { amountKurus, note: note.note }
  }

  /** Today unless staff named an earlier day the ledger still keeps. */
  #settlingDay(day: string | undefined): string {
    const today = dayOf(this.#deps.clock.now(), this.#deps.timeZone())
    if (day === undefined) return today
    if (!isCalendarDay(day) || day > today || day < dayBefore(today, LEDGER_RETENTION_DAYS)) {
      throw new CourierRefusal('day-invalid')
    }
    return day
  }

  /** The cash record `id`: among the last two days, or in the day file of `day`. */
  #cashRecord(id: string, day: string | undefined): CashHandedIn {
    const live = this.#live.get(id)
    if (live?.type === 'cash') return live
    // The archive reads no file for what is not a day: a day from a caller names no path.
    // Stryker disable next-line ConditionalExpression: equivalent, the archive holds nothing for no day either.
    if (day === undefined) throw new CourierRefusal('unknown-cash-record')
    const { records } = readableRecords(this.#deps.archive.read(day))
    const found = records.find((record) => record.id === id)
    if (found?.type !== 'cash') throw new CourierRefusal('unknown-cash-record')
    return found
  }
}

/** Omit over each member of a union, keeping it a union. */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

function assignmentOf(record: Assigned): LedgerAssignment {
  const assignment: LedgerAssignment = {
    paymentKey: record.paymentKey,
    courierId: record.courierId,
    seq: record.seq,
    at: record.at,
  }
  if (record.batchId !== undefined) assignment.batchId = record.batchId
  return assignment
}

/** The latest door method of each package among `records` (a reset to the order's method removes it). */
function tendersOf(records: Iterable<LedgerRecord>): Map<string, string> {
  const tenders = new Map<string, string>()
  for (const record of records) {
    if (record.type !== 'door-tender') continue
    if (record.method === null) tenders.delete(record.paymentKey)
    else tenders.set(record.paymentKey, record.method)
  }
  return tenders
}

function batchesOf(records: Iterable<LedgerRecord>): LedgerBatch[] {
  const batches = new Map<string, LedgerBatch>()
  for (const record of records) {
    if (record.type === 'batch-started') {
      batches.set(record.id, {
        batchId: record.id,
        courierId: record.courierId,
        startedAt: record.at,
        seq: record.seq,
      })
    } else if (record.type === 'batch-ended') {
      const batch = batches.get(record.batchId)
      if (batch && batch.endedAt === undefined) batch.endedAt = record.at
    }
  }
  // Stryker disable next-line MethodExpression,ArrowFunction,ArithmeticOperator: equivalent, the one caller passes #live, which holds the records in seq order already.
  return [...batches.values()].sort((a, b) => a.seq - b.seq)
}

function closingOf(record: AccountClosed): AccountClosing {
  const closing: Partial<AccountClosed> = { ...record }
  delete closing.type
  delete closing.seq
  return closing as AccountClosing
}

function cashRecordOf(record: CashHandedIn): CashRecord {
  const { id, seq, at, courierId, amountKurus, day, note, corrects } = record
  const cash: CashRecord = { id, seq, at, courierId, kind: record.kind ?? 'handed-in', amountKurus, day }
  if (note !== undefined) cash.note = note
  if (corrects !== undefined) cash.corrects = corrects
  return cash
}

/** What a note says, without the fields it leaves out (so they do not hide what an earlier note said). */
function factsOf(record: OrderNoted): NotedFacts {
  const facts: NotedFacts = {}
  if (record.account !== undefined) facts.account = record.account
  if (record.paymentMethod !== undefined) facts.paymentMethod = record.paymentMethod
  if (record.amountKurus !== undefined) facts.amountKurus = record.amountKurus
  if (record.branch !== undefined) facts.branch = record.branch
  if (record.label !== undefined) facts.label = record.label
  if (record.leftAt !== undefined) facts.leftAt = record.leftAt
  return facts
}
