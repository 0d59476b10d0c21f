import {
  hashKey,
  keepPreviousData,
  QueryClient,
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import type {
  AddOrderInput,
  CallInput,
  HandOverInput,
  SettingsUpdate,
  SignInInput,
} from '../../src-shared/contract.ts'
import type {
  BoardOrder,
  HistoryPage,
  HistoryStateFilter,
  Methods,
  SessionStatus,
  Settings,
} from '../../src-shared/domain.ts'
import type { Account } from '../../src-shared/accounts.ts'
import type { CourierBatch, CourierToday } from '../../src-shared/couriers.ts'
import type { AppError, Result } from '../../src-shared/errors.ts'
import { isSignedIn } from '../../src-shared/session-rules.ts'
import { CASH_PAYMENT_KEY } from '../../src-shared/courier-rules.ts'
import { useMessages } from './i18n/use-messages.tsx'
import { appErrorOf, requireBridge, unwrap } from './api.ts'
import { openBatchOf } from './screens/board/batch-rules.ts'

/**
 * Server state: everything the core knows, read through window.api and kept fresh by the core's events
 * (sessionChanged, orderChanged, settingsChanged, couriersChanged) — never by polling. The core already
 * retries what is worth retrying.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  })
}

export const keys = {
  session: ['session'] as const,
  accounts: ['accounts'] as const,
  settings: ['settings'] as const,
  branches: ['branches'] as const,
  methods: ['methods'] as const,
  orders: ['orders'] as const,
  history: ['history'] as const,
  couriers: ['couriers'] as const,
  dayEnd: ['day-end'] as const,
  courierToday: ['courier-today'] as const,
  courierPay: ['courier-pay'] as const,
  courierStatement: ['courier-statement'] as const,
}

/** Per cache, the keys whose read on its way is to be made again once it lands (applyNews). */
const readsToRepeat = new WeakMap<QueryClient, Set<string>>()

/**
 * Applies the core's news of `queryKey` so that no read already on its way can undo it. The core may answer such
 * a read before the change and send the answer after its news (an answer goes when its call settles, news at
 * once), and React Query keeps the answer of a read it was asked to repeat while on its way when the key had no
 * data yet (a page's first read): a courier added then never reached the page's list. So with a read on its way,
 * the key is read again once it lands (once for a burst of news; never cancelled, so a steady stream of news
 * cannot starve it); otherwise `put` writes the news (a pushed value), or, with no `put`, the key is read again.
 */
function applyNews(queryClient: QueryClient, queryKey: QueryKey, put?: () => void): void {
  const onTheirWay = queryClient.getQueryCache().findAll({ queryKey, fetchStatus: 'fetching' })
  if (onTheirWay.length === 0) {
    if (put) put()
    else void queryClient.invalidateQueries({ queryKey })
    return
  }
  const toRepeat = readsToRepeat.get(queryClient) ?? new Set<string>()
  readsToRepeat.set(queryClient, toRepeat)
  const id = hashKey(queryKey)
  if (toRepeat.has(id)) return
  toRepeat.add(id)
  void Promise.allSettled(onTheirWay.map((query) => query.promise ?? Promise.resolve())).then(() => {
    toRepeat.delete(id)
    return queryClient.invalidateQueries({ queryKey })
  })
}

/**
 * The core's news of the couriers' list (a courier added or renamed, an assignment that moves who was used last)
 * is read once per this window: a burst (a batch of packages scanned) costs one read of the list, not one per
 * change. The figures need no read of their own: the core pushes today's settlement after the records
 * (`courierDayChanged`), and a busy day's is large (about 130 kB for 300 orders).
 */
export const COURIER_DAY_COALESCE_MS = 200

/** A read of the couriers' list the core's news asked for, not started yet. */
const pendingListRead = new WeakMap<QueryClient, ReturnType<typeof setTimeout>>()

/**
 * What the courier's day shows (the strip, Gün sonu) changes with the ledger, the hand-overs and the
 * collected-at-door setting. Read again now: after this window's own write (a return, a correction, a courier
 * changed), whose figures staff wait for. A read the core's news asked for and that has not started yet is
 * covered by this one, and dropped.
 */
function invalidateCourierDay(queryClient: QueryClient, withList: boolean): void {
  const pending = pendingListRead.get(queryClient)
  if (pending !== undefined) {
    clearTimeout(pending)
    pendingListRead.delete(queryClient)
  }
  if (withList || pending !== undefined) applyNews(queryClient, keys.couriers)
  applyNews(queryClient, keys.dayEnd)
  applyNews(queryClient, keys.courierToday)
  applyNews(queryClient, keys.courierStatement)
}

/**
 * The core said the couriers' list may have changed: read it again soon, once for the whole burst. (Its figures
 * come in the core's push.)
 */
function couriersListChanged(queryClient: QueryClient): void {
  if (pendingListRead.has(queryClient)) return
  const timer = setTimeout(() => {
    pendingListRead.delete(queryClient)
    applyNews(queryClient, keys.couriers)
  }, COURIER_DAY_COALESCE_MS)
  pendingListRead.set(queryClient, timer)
}

/**
 * An order as it now stands, from the core's news or a call's answer, written into the board's list. What it
 * changes of the courier's figures comes in the core's push.
 */
function putOrder(queryClient: QueryClient, paymentKey: string, order: BoardOrder | null): void {
  queryClient.setQueryData<BoardOrder[]>(keys.orders, (list) => upsertOrder(list, paymentKey, order))
}

const HISTORY_PAGE_SIZE = 50

/** Subscribes once to the core's events and writes them into the cache. */
export function useCoreEvents(): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    const api = requireBridge()
    const offSession = api.on('sessionChanged', (status) => {
      const before = queryClient.getQueryData<SessionStatus>(keys.session)
      applyNews(queryClient, keys.session, () => queryClient.setQueryData(keys.session, status))
      if (!isSignedIn(before) && isSignedIn(status)) {
        applyNews(queryClient, keys.branches)
        applyNews(queryClient, keys.methods)
      }
    })
    // Every account after any change of one (issue 29): Hesaplar, the brand tags, the filter.
    const offAccounts = api.on('accountsChanged', (accounts) => {
      applyNews(queryClient, keys.accounts, () => queryClient.setQueryData(keys.accounts, accounts))
    })
    const offOrder = api.on('orderChanged', ({ paymentKey, order }) => {
      // The card (the courier strip and the day-end follow the core's push).
      applyNews(queryClient, keys.orders, () => putOrder(queryClient, paymentKey, order))
      // Every hand-over attempt changes its order: the history, when on screen, fetches its news.
      applyNews(queryClient, keys.history)
    })
    const offCouriers = api.on('couriersChanged', ({ kind }) => {
      // A courier added, renamed or retired (rare): read at once, so their badge is known to the next scan.
      // An assignment moves who was used last: read once for a burst of them.
      if (kind === 'couriers') applyNews(queryClient, keys.couriers)
      if (kind === 'assignment') couriersListChanged(queryClient)
    })
    // Today's settlement as the core keeps it (issue 28): the strip, the batch bar, the return and Gün sonu
    // show it as pushed, with no read of their own; a past day's and a week's are read again when shown (a
    // record may move any day).
    const offCourierDay = api.on('courierDayChanged', (today) => {
      applyNews(queryClient, keys.courierToday, () => queryClient.setQueryData(keys.courierToday, today))
      applyNews(queryClient, keys.dayEnd)
      applyNews(queryClient, keys.courierStatement)
    })
    // A change saved in another window or tab, or by the core itself, reaches this window too (D64).
    const offSettings = api.on('settingsChanged', (settings) => {
      // (The payment methods collected at the door change the cash: the core pushes the day again.)
      applyNews(queryClient, keys.settings, () => queryClient.setQueryData(keys.settings, settings))
    })
    return () => {
      offSession()
      offAccounts()
      offOrder()
      offCouriers()
      offCourierDay()
      offSettings()
      clearTimeout(pendingListRead.get(queryClient))
      pendingListRead.delete(queryClient)
    }
  }, [queryClient])
}

/** One order replaced in place (or added at the end, or removed); the other orders keep their identity. */
export function upsertOrder(
  orders: BoardOrder[] | undefined,
  paymentKey: string,
  order: BoardOrder | null,
): BoardOrder[] | undefined {
  if (!orders) return orders
  const index = orders.findIndex((existing) => existing.paymentKey === paymentKey)
  if (order === null) return index === -1 ? orders : orders.filter((_, i) => i !== index)
  if (index === -1) return [...orders, order]
  const next = orders.slice()
  next[index] = order
  return next
}

export function useSession() {
  return useQuery({ queryKey: keys.session, queryFn: () => unwrap(requireBridge().getSession()) })
}

export function useSettings() {
  return useQuery({ queryKey: keys.settings, queryFn: () => unwrap(requireBridge().getSettings()) })
}

export function useBranches(enabled: boolean) {
  return useQuery({ queryKey: keys.branches, queryFn: () => unwrap(requireBridge().listBranches()), enabled })
}

export function useMethods(enabled: boolean) {
  return useQuery({
    queryKey: keys.methods,
    queryFn: () => unwrap(requireBridge().getMethods({ forceRefresh: false })),
    enabled,
  })
}

/**
 * Each payment and shipping method's name by its key, for the cards, the slips and Gün sonu: the one place names
 * are resolved. Cash is named from the dictionary until the platform's list is loaded (signed out): never `CASH`.
 */
export function useMethodNames(methods: Methods | undefined): ReadonlyMap<string, string> {
  const { t } = useMessages()
  const cashName = t.couriers.cashMethod
  return useMemo(() => {
    const names = new Map<string, string>([[CASH_PAYMENT_KEY, cashName]])
    for (const method of [...(methods?.paymentMethods ?? []), ...(methods?.shippingMethods ?? [])]) {
      names.set(method.key, method.name)
    }
    return names
  }, [methods, cashName])
}

export function useOrders() {
  return useQuery({ queryKey: keys.orders, queryFn: () => unwrap(requireBridge().listOrders()) })
}

export function useSignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: SignInInput | 'stored') =>
      unwrap(
        input === 'stored' ? requireBridge().signInWithStoredCredentials() : requireBridge().signIn(input),
      ),
    onSuccess: (status) => {
      queryClient.setQueryData(keys.session, status)
      void queryClient.invalidateQueries({ queryKey: keys.settings })
      void queryClient.invalidateQueries({ queryKey: keys.branches })
      void queryClient.invalidateQueries({ queryKey: keys.methods })
    },
  })
}

// Several restaurant accounts (issue 29): no current account, every call names its own. The list is kept
// fresh by `accountsChanged`; each write's answer is written in at once too.

/** Every account, in the order made: short names, colours, sign-in states (never keys). */
export function useAccounts() {
  return useQuery({ queryKey: keys.accounts, queryFn: () => unwrap(requireBridge().listAccounts()) })
}

/** An account call's answer written into the list: one account, or the whole list. */
function putAccounts(queryClient: QueryClient, answer: Account | Account[]): void {
  if (Array.isArray(answer)) {
    queryClient.setQueryData(keys.accounts, answer)
    return
  }
  queryClient.setQueryData<Account[]>(keys.accounts, (list) =>
    list?.some((one) => one.id === answer.id)
      ? list.map((one) => (one.id === answer.id ? answer : one))
      : [...(list ?? []), answer],
  )
}

/** A call on accounts: its answer goes into the list; the board's cards read the list for their tags. */
function useAccountCall<I, O extends Account | Account[]>(call: (input: I) => Promise<Result<O>>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: I) => unwrap(call(input)),
    onSuccess: (answer: O) => putAccounts(queryClient, answer),
  })
}

/** "Hesap ekle": made only once the platform accepts its keys. */
export const useAddAccount = () =>
  useAccountCall((input: CallInput<'addAccount'>) => requireBridge().addAccount(input))
/** Rename or recolour. */
export const useUpdateAccount = () =>
  useAccountCall((input: CallInput<'updateAccount'>) => requireBridge().updateAccount(input))
/** "Tekrar giriş yap": this account only, with its stored keys or new ones. */
export const useSignInAccount = () =>
  useAccountCall((input: CallInput<'signInAccount'>) => requireBridge().signInAccount(input))
/** Refused with the count while it still owes hand-overs. */
export const useRemoveAccount = () =>
  useAccountCall((input: CallInput<'removeAccount'>) => requireBridge().removeAccount(input))
export const useSetDefaultAccount = () =>
  useAccountCall((input: CallInput<'setDefaultAccount'>) => requireBridge().setDefaultAccount(input))

/** An order goes to another account with one press, while nothing has been sent for it. */
export function useSetOrderAccount(onRefused?: OnRefused) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CallInput<'setOrderAccount'>) => unwrap(requireBridge().setOrderAccount(input)),
    onSuccess: (order) => {
      onRefused?.(order.paymentKey, undefined)
      putOrder(queryClient, order.paymentKey, order)
    },
    onError: (error, { paymentKey }) => onRefused?.(paymentKey, appErrorOf(error)),
  })
}

export function useSignOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (forgetCredentials: boolean) => unwrap(requireBridge().signOut({ forgetCredentials })),
    onSuccess: (status) => {
      queryClient.setQueryData(keys.session, status)
      queryClient.removeQueries({ queryKey: keys.branches })
      queryClient.removeQueries({ queryKey: keys.methods })
    },
  })
}

export function useRefreshMethods() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(requireBridge().getMethods({ forceRefresh: true })),
    onSuccess: (methods: Methods) => queryClient.setQueryData(keys.methods, methods),
  })
}

export function useUpdateSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (update: SettingsUpdate) => unwrap(requireBridge().updateSettings(update)),
    onSuccess: (settings: Settings) => {
      queryClient.setQueryData(keys.settings, settings)
      // The payment methods collected at the door change the strip's and the day-end's cash.
      invalidateCourierDay(queryClient, false)
    },
  })
}

export function useAddOrder() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: AddOrderInput) => unwrap(requireBridge().addOrder(input)),
    onSuccess: (order) => putOrder(queryClient, order.paymentKey, order),
  })
}

/** What a refused press on one order's buttons is told, with the order (every refusal, not only the last). */
export type OnRefused = (paymentKey: string, error: AppError | undefined) => void

export function useRemoveOrder(onRefused?: OnRefused) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (paymentKey: string) => unwrap(requireBridge().removeOrder({ paymentKey })),
    onSuccess: (_nothing, paymentKey) => putOrder(queryClient, paymentKey, null),
    onError: (error, paymentKey) => onRefused?.(paymentKey, appErrorOf(error)),
  })
}

/**
 * "Kuryeye Verildi": a payment key, or `{ paymentKey, courierId }` to name the courier who takes it (written to
 * the courier ledger before anything is sent; refused with `courier-required` when Settings require one).
 */
export function useHandOverOrder(onRefused?: OnRefused) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (target: string | HandOverInput) =>
      unwrap(requireBridge().handOverOrder(inOpenBatch(queryClient, target))),
    onSuccess: (order) => {
      onRefused?.(order.paymentKey, undefined)
      putOrder(queryClient, order.paymentKey, order)
    },
    onError: (error, target) =>
      onRefused?.(typeof target === 'string' ? target : target.paymentKey, appErrorOf(error)),
  })
}

/**
 * A hand-over naming a courier whose batch scan-out is open goes in that batch (its assignment carries the
 * batch, a ledger fact), whether it was scanned or pressed on its card: the bar and the manifest list it.
 */
function inOpenBatch(queryClient: QueryClient, target: string | HandOverInput): HandOverInput {
  if (typeof target === 'string') return { paymentKey: target }
  if (target.courierId === undefined || target.batchId !== undefined) return target
  const batch = openBatchOf(queryClient.getQueryData<CourierToday>(keys.courierToday), Date.now())
  return batch?.courierId === target.courierId ? { ...target, batchId: batch.batchId } : target
}

/** One day of the hand-over history, one row per order, a page at a time (the newest day when none is chosen). */
export function useHistory(filter: { day?: string; state?: HistoryStateFilter }) {
  return useInfiniteQuery({
    queryKey: [...keys.history, filter.day ?? null, filter.state ?? null],
    queryFn: ({ pageParam }) =>
      unwrap(requireBridge().listHistory({ ...filter, limit: HISTORY_PAGE_SIZE, offset: pageParam })),
    initialPageParam: 0,
    getNextPageParam: (page: HistoryPage) => page.nextOffset ?? undefined,
    // The rows shown stay while another day or state loads, instead of a blank screen.
    placeholderData: keepPreviousData,
  })
}

export function useExportHistory() {
  return useMutation({ mutationFn: () => unwrap(requireBridge().exportHistoryCsv()) })
}

/** The rush board's order calls (docs/decisions.md D40, D42): each answers with the order as it now stands. */
export function useOrderCall(
  call: (input: { paymentKey: string; handedOver: boolean }) => Promise<Result<BoardOrder>>,
  onRefused?: OnRefused,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { paymentKey: string; handedOver: boolean }) => unwrap(call(input)),
    onSuccess: (order) => {
      onRefused?.(order.paymentKey, undefined)
      putOrder(queryClient, order.paymentKey, order)
    },
    onError: (error, { paymentKey }) => onRefused?.(paymentKey, appErrorOf(error)),
  })
}

// The courier's day (docs/decisions.md D65). Reads are kept fresh by `couriersChanged` (and `orderChanged`);
// every write takes an optional `requestId`: pass the same one to retry a press whose answer was lost (the core
// then answers the first record instead of writing a second). Left out, each call makes a new one.

/** Every courier, retired ones too (filter `retired` for a picker), by name, with `lastUsedAt` for recency. */
export function useCouriers() {
  return useQuery({ queryKey: keys.couriers, queryFn: () => unwrap(requireBridge().listCouriers()) })
}

/** The day-end settlement of `day` (today in the platform's time zone when left out), with the days to pick. */
export function useDayEnd(day?: string, enabled = true) {
  return useQuery({
    queryKey: [...keys.dayEnd, day ?? null],
    queryFn: () => unwrap(requireBridge().getDayEnd(day === undefined ? {} : { day })),
    placeholderData: keepPreviousData,
    enabled,
  })
}

/** A write's input with its request id made optional: the hook makes one when the caller gives none. */
type WithOptionalId<T extends { requestId: string }> = Omit<T, 'requestId'> & { requestId?: string }

function withRequestId<T extends { requestId: string }>(input: WithOptionalId<T>): T {
  return { ...input, requestId: input.requestId ?? crypto.randomUUID() } as T
}

/** After a change of the courier list: the list, the strip and the day-end refetch. */
function useCourierListChange() {
  const queryClient = useQueryClient()
  return () => invalidateCourierDay(queryClient, true)
}

/** Settings "Kuryeler": add a courier (name, optional badge code). */
export function useAddCourier() {
  const onSuccess = useCourierListChange()
  return useMutation({
    mutationFn: (input: WithOptionalId<CallInput<'addCourier'>>) =>
      unwrap(requireBridge().addCourier(withRequestId(input))),
    onSuccess,
  })
}

export function useRenameCourier() {
  const onSuccess = useCourierListChange()
  return useMutation({
    mutationFn: (input: WithOptionalId<CallInput<'renameCourier'>>) =>
      unwrap(requireBridge().renameCourier(withRequestId(input))),
    onSuccess,
  })
}

/** Gives, changes or (`badge: null`) takes away a courier's badge code. */
export function useSetCourierBadge() {
  const onSuccess = useCourierListChange()
  return useMutation({
    mutationFn: (input: WithOptionalId<CallInput<'setCourierBadge'>>) =>
      unwrap(requireBridge().setCourierBadge(withRequestId(input))),
    onSuccess,
  })
}

/** The courier leaves: no longer offered; past days still name them. */
export function useRetireCourier() {
  const onSuccess = useCourierListChange()
  return useMutation({
    mutationFn: (input: WithOptionalId<CallInput<'retireCourier'>>) =>
      unwrap(requireBridge().retireCourier(withRequestId(input))),
    onSuccess,
  })
}

/** This package goes with this courier (a typed order's courier, named as it is added). */
export function useAssignCourier() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: WithOptionalId<CallInput<'assignCourier'>>) =>
      unwrap(requireBridge().assignCourier(withRequestId(input))),
    onSuccess: () => invalidateCourierDay(queryClient, true),
  })
}

/**
 * Today's settlement as the core keeps it (issue 28): every courier figure of today on every surface, pushed by
 * `courierDayChanged` after the records that move it.
 */
export function useCourierToday() {
  return useQuery({ queryKey: keys.courierToday, queryFn: () => unwrap(requireBridge().getCourierToday()) })
}

/** After this window's own write: the figures it moved, at once (the core's push follows). */
function useCourierWrite() {
  const queryClient = useQueryClient()
  return () => invalidateCourierDay(queryClient, false)
}

/** A float, an expense, cash handed in, an advance, a debt repaid, or (`corrects`) a correction of one. */
export function useRecordMovement() {
  const onSuccess = useCourierWrite()
  return useMutation({
    mutationFn: (input: WithOptionalId<CallInput<'recordCourierMovement'>>) =>
      unwrap(requireBridge().recordCourierMovement(withRequestId(input))),
    onSuccess,
  })
}

/** What the customer paid at the door (null: the order's own method again). */
export function useSetDoorTender() {
  const onSuccess = useCourierWrite()
  return useMutation({
    mutationFn: (input: WithOptionalId<CallInput<'setDoorTender'>>) =>
      unwrap(requireBridge().setDoorTender(withRequestId(input))),
    onSuccess,
  })
}

/** "Hesabı kapat". */
export function useCloseCourierAccount() {
  const onSuccess = useCourierWrite()
  return useMutation({
    mutationFn: (input: WithOptionalId<CallInput<'closeCourierAccount'>>) =>
      unwrap(requireBridge().closeCourierAccount(withRequestId(input))),
    onSuccess,
  })
}

/** A badge scanned outside the picker starts the courier's batch scan-out; `Bitir` ends it. */
export function useStartCourierBatch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: WithOptionalId<CallInput<'startCourierBatch'>>) =>
      unwrap(requireBridge().startCourierBatch(withRequestId(input))),
    onSuccess: (batch) => putBatch(queryClient, batch),
  })
}

export function useEndCourierBatch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: WithOptionalId<CallInput<'endCourierBatch'>>) =>
      unwrap(requireBridge().endCourierBatch(withRequestId(input))),
    onSuccess: (batch) => putBatch(queryClient, batch),
  })
}

/** A batch as a call answered it, in today's settlement at once: the next scan goes in it. */
function putBatch(queryClient: QueryClient, batch: CourierBatch): void {
  queryClient.setQueryData<CourierToday>(
    keys.courierToday,
    (today) =>
      today && {
        ...today,
        batches: [batch, ...today.batches.filter((one) => one.batchId !== batch.batchId)],
      },
  )
  void queryClient.invalidateQueries({ queryKey: keys.courierToday })
}

/** Pay per package (Settings → Kuryeler): off by default. */
export function useCourierPay() {
  return useQuery({ queryKey: keys.courierPay, queryFn: () => unwrap(requireBridge().getCourierPay()) })
}

export function useSetCourierPay() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: WithOptionalId<CallInput<'setCourierPay'>>) =>
      unwrap(requireBridge().setCourierPay(withRequestId(input))),
    onSuccess: (pay) => {
      queryClient.setQueryData(keys.courierPay, pay)
      invalidateCourierDay(queryClient, false)
    },
  })
}

/** A courier's week: seven days from `from` (this week when left out). */
export function useCourierStatement(courierId: string | undefined, from?: string) {
  return useQuery({
    queryKey: [...keys.courierStatement, courierId ?? null, from ?? null],
    queryFn: () =>
      unwrap(
        requireBridge().getCourierStatement({
          courierId: courierId ?? '',
          ...(from === undefined ? {} : { from }),
        }),
      ),
    enabled: courierId !== undefined,
    placeholderData: keepPreviousData,
  })
}

export function useExportCourierStatement() {
  return useMutation({
    mutationFn: (input: { courierId: string; from?: string }) =>
      unwrap(requireBridge().exportCourierStatementCsv(input)),
  })
}

/** The day-end as CSV text (UTF-8 BOM, `;`, CRLF) for download.ts to save. */
export function useExportDayEnd() {
  return useMutation({ mutationFn: (day: string) => unwrap(requireBridge().exportDayEndCsv({ day })) })
}
