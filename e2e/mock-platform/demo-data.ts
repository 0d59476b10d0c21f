// The seed the mock platform starts from and returns to on reset. Fixed identifiers so that tests, the demo
// and benchmarks can name orders directly; Turkish names with Turkish letters so that encoding bugs show.
import type { MockBranch, MockCredential, MockMethod, MockOrder } from './contract.ts'

export const ORDER_STATUS = { CONFIRMED: 2, IN_DELIVERY: 16 } as const

export const DEMO_BRANCH_IDS = {
  kadikoyModa: '6f1d2c3b-4a5e-4f70-8a91-0b2c3d4e5f01',
  besiktasCarsi: '6f1d2c3b-4a5e-4f70-8a91-0b2c3d4e5f02',
  cankayaTunali: '6f1d2c3b-4a5e-4f70-8a91-0b2c3d4e5f03',
  karsiyakaCarsi: '6f1d2c3b-4a5e-4f70-8a91-0b2c3d4e5f04',
} as const

export const DEMO_BRANCHES: readonly MockBranch[] = [
  { id: DEMO_BRANCH_IDS.kadikoyModa, name: 'Kadıköy Moda' },
  { id: DEMO_BRANCH_IDS.besiktasCarsi, name: 'Beşiktaş Çarşı' },
  { id: DEMO_BRANCH_IDS.cankayaTunali, name: 'Çankaya Tunalı' },
  { id: DEMO_BRANCH_IDS.karsiyakaCarsi, name: 'Karşıyaka Çarşı' },
]

/** One application secret shared by a vendor-wide and a branch-only restaurant secret, as the spec allows. */
export const DEMO_CREDENTIALS = {
  vendor: {
    app_secret_key: 'demo-app-secret-3f9a2c',
    rest_secret_key: 'demo-vendor-secret-7b41d8',
  },
  branch: {
    app_secret_key: 'demo-app-secret-3f9a2c',
    rest_secret_key: 'demo-branch-kadikoy-secret-5e02a6',
    branchId: DEMO_BRANCH_IDS.kadikoyModa,
  },
} as const

export const DEMO_CREDENTIAL_SETS: readonly MockCredential[] = [
  { ...DEMO_CREDENTIALS.vendor, branch_id: null },
  {
    app_secret_key: DEMO_CREDENTIALS.branch.app_secret_key,
    rest_secret_key: DEMO_CREDENTIALS.branch.rest_secret_key,
    branch_id: DEMO_CREDENTIALS.branch.branchId,
  },
]

export const PAYMENT_METHODS: readonly MockMethod[] = [
  { key: 'CASH', name: 'Nakit' },
  { key: 'CREDIT_CARD', name: 'Kredi Kartı' },
  { key: 'DEBIT_CARD', name: 'Banka Kartı' },
]

export const SHIPPING_METHODS: readonly MockMethod[] = [
  { key: 'delivery', name: 'Teslimat' },
  { key: 'pickup', name: 'Gel Al' },
]

/** The seed orders by what each one is for. */
export const DEMO_ORDER_IDS = {
  /** Kadıköy Moda, restaurant courier, delivery, cash, CONFIRMED: eligible. */
  kadikoyCashDelivery: '0d3e1f00-5a1b-4c2d-8e3f-100000000001',
  /** Kadıköy Moda, restaurant courier, delivery, credit card, CONFIRMED: eligible. */
  kadikoyCreditCardDelivery: '0d3e1f00-5a1b-4c2d-8e3f-100000000002',
  /** Kadıköy Moda, restaurant courier, pickup, cash, CONFIRMED: the platform accepts it (courier is ours). */
  kadikoyCashPickup: '0d3e1f00-5a1b-4c2d-8e3f-100000000003',
  /** Kadıköy Moda, platform courier, delivery, debit card, CONFIRMED: refused with 409 (courier type). */
  kadikoyPlatformCourierDelivery: '0d3e1f00-5a1b-4c2d-8e3f-100000000004',
  /** Beşiktaş Çarşı, restaurant courier, delivery, debit card, CONFIRMED: eligible for vendor credentials. */
  besiktasDebitCardDelivery: '0d3e1f00-5a1b-4c2d-8e3f-100000000005',
  /** Beşiktaş Çarşı, restaurant courier, delivery, cash, already IN_DELIVERY: refused with 409 (status). */
  besiktasInDelivery: '0d3e1f00-5a1b-4c2d-8e3f-100000000006',
  /** Çankaya Tunalı, platform courier, delivery, credit card, CONFIRMED: refused with 409 (courier type). */
  cankayaPlatformCourierDelivery: '0d3e1f00-5a1b-4c2d-8e3f-100000000007',
  /** Karşıyaka Çarşı, restaurant courier, pickup, debit card, CONFIRMED. */
  karsiyakaDebitCardPickup: '0d3e1f00-5a1b-4c2d-8e3f-100000000008',
  /** Karşıyaka Çarşı, restaurant courier, delivery, credit card, CONFIRMED. */
  karsiyakaCreditCardDelivery: '0d3e1f00-5a1b-4c2d-8e3f-100000000009',
} as const

const order = (
  payment_key: string,
  branch_id: string,
  courier_type: 'restaurant' | 'platform',
  shipping_method: 'delivery' | 'pickup',
  payment_type: 'CASH' | 'CREDIT_CARD' | 'DEBIT_CARD',
  status_id: number = ORDER_STATUS.CONFIRMED,
): MockOrder => ({ payment_key, courier_type, status_id, payment_type, shipping_method, branch_id })

const ids = DEMO_ORDER_IDS
const branches = DEMO_BRANCH_IDS

export const DEMO_ORDERS: readonly MockOrder[] = [
  order(ids.kadikoyCashDelivery, branches.kadikoyModa, 'restaurant', 'delivery', 'CASH'),
  order(ids.kadikoyCreditCardDelivery, branches.kadikoyModa, 'restaurant', 'delivery', 'CREDIT_CARD'),
  order(ids.kadikoyCashPickup, branches.kadikoyModa, 'restaurant', 'pickup', 'CASH'),
  order(ids.kadikoyPlatformCourierDelivery, branches.kadikoyModa, 'platform', 'delivery', 'DEBIT_CARD'),
  order(ids.besiktasDebitCardDelivery, branches.besiktasCarsi, 'restaurant', 'delivery', 'DEBIT_CARD'),
  order(
    ids.besiktasInDelivery,
    branches.besiktasCarsi,
    'restaurant',
    'delivery',
    'CASH',
    ORDER_STATUS.IN_DELIVERY,
  ),
  order(ids.cankayaPlatformCourierDelivery, branches.cankayaTunali, 'platform', 'delivery', 'CREDIT_CARD'),
  order(ids.karsiyakaDebitCardPickup, branches.karsiyakaCarsi, 'restaurant', 'pickup', 'DEBIT_CARD'),
  order(ids.karsiyakaCreditCardDelivery, branches.karsiyakaCarsi, 'restaurant', 'delivery', 'CREDIT_CARD'),
]

// A second restaurant account (issue 29): another brand cooked in the same kitchen, with its own keys, branch and
// orders. Its tokens see only its orders and the demo's see only theirs: handing over an order with the other
// account's token is answered `404 sipariş bulunamadı`, as the platform answers for an order it does not show.

export const SECOND_ACCOUNT_VENDOR = 'pide-evi'

export const SECOND_ACCOUNT_CREDENTIALS = {
  app_secret_key: 'pide-app-secret-8c1e44',
  rest_secret_key: 'pide-vendor-secret-2d9b70',
} as const

export const SECOND_ACCOUNT_BRANCHES: readonly MockBranch[] = [
  { id: '7a2e3d4c-5b6f-4a81-9ba2-1c3d4e5f6a01', name: 'Pide Evi Moda', vendor: SECOND_ACCOUNT_VENDOR },
]

export const SECOND_ACCOUNT_ORDER_IDS = {
  /** Pide Evi Moda, restaurant courier, delivery, cash, CONFIRMED: eligible for the second account only. */
  pideCashDelivery: '0d3e1f00-5a1b-4c2d-8e3f-300000000001',
  /** Pide Evi Moda, restaurant courier, delivery, credit card, CONFIRMED: eligible for the second account only. */
  pideCreditCardDelivery: '0d3e1f00-5a1b-4c2d-8e3f-300000000002',
} as const

const SECOND_ACCOUNT_ORDERS: readonly MockOrder[] = [
  order(
    SECOND_ACCOUNT_ORDER_IDS.pideCashDelivery,
    '7a2e3d4c-5b6f-4a81-9ba2-1c3d4e5f6a01',
    'restaurant',
    'delivery',
    'CASH',
  ),
  order(
    SECOND_ACCOUNT_ORDER_IDS.pideCreditCardDelivery,
    '7a2e3d4c-5b6f-4a81-9ba2-1c3d4e5f6a01',
    'restaurant',
    'delivery',
    'CREDIT_CARD',
  ),
]

/** Every order the mock starts from: the demo's and the second account's. */
export const SEED_ORDERS: readonly MockOrder[] = [...DEMO_ORDERS, ...SECOND_ACCOUNT_ORDERS]

// The courier's day (issue 21): the platform's API gives no amounts and no couriers, so these stand for what
// the POS and the staff would say. `npm run demo` plays a morning with them, so a newcomer sees the couriers'
// strip and the day-end settlement ("Gün sonu") at once.

/** The restaurant's couriers, with the codes on their badges. */
export const DEMO_COURIERS = [
  { name: 'Ahmet Yılmaz', badge: 'K-01' },
  { name: 'Mehmet Demir', badge: 'K-02' },
  { name: 'Ayşe Kaya', badge: 'K-03' },
] as const

/** What each seed order costs the customer, in kuruş, as the POS would send it (`amount_kurus`). */
export const DEMO_ORDER_AMOUNTS: Readonly<Record<string, number>> = {
  [ids.kadikoyCashDelivery]: 39990,
  [ids.kadikoyCreditCardDelivery]: 24550,
  [ids.kadikoyCashPickup]: 18000,
  [ids.kadikoyPlatformCourierDelivery]: 31075,
  [ids.besiktasDebitCardDelivery]: 52000,
  [ids.besiktasInDelivery]: 27500,
  [ids.cankayaPlatformCourierDelivery]: 44990,
  [ids.karsiyakaDebitCardPickup]: 16500,
  [ids.karsiyakaCreditCardDelivery]: 36800,
}

/** One package of the demo's morning: an order the platform knows, its amount, and who took it. */
export interface DemoCourierPackage {
  order: MockOrder
  amountKurus: number
  /** Index into DEMO_COURIERS; null: handed over without naming a courier. */
  courier: number | null
}

const packageOf = (
  payment_key: string,
  branch_id: string,
  payment_type: MockOrder['payment_type'],
  amountKurus: number,
  courier: number | null,
): DemoCourierPackage => ({
  order: {
    payment_key,
    courier_type: 'restaurant',
    status_id: ORDER_STATUS.CONFIRMED,
    payment_type,
    shipping_method: 'delivery',
    branch_id,
  },
  amountKurus,
  courier,
})

/** Restaurant-courier deliveries the demo hands over before a newcomer looks (added to the mock by the demo). */
export const DEMO_COURIER_PACKAGES: readonly DemoCourierPackage[] = [
  packageOf('0d3e1f00-5a1b-4c2d-8e3f-200000000001', branches.kadikoyModa, 'CASH', 27450, 0),
  packageOf('0d3e1f00-5a1b-4c2d-8e3f-200000000002', branches.kadikoyModa, 'CREDIT_CARD', 41900, 0),
  packageOf('0d3e1f00-5a1b-4c2d-8e3f-200000000003', branches.besiktasCarsi, 'CASH', 18550, 0),
  packageOf('0d3e1f00-5a1b-4c2d-8e3f-200000000004', branches.kadikoyModa, 'CASH', 33000, 1),
  packageOf('0d3e1f00-5a1b-4c2d-8e3f-200000000005', branches.besiktasCarsi, 'DEBIT_CARD', 22800, 1),
  packageOf('0d3e1f00-5a1b-4c2d-8e3f-200000000006', branches.karsiyakaCarsi, 'CASH', 15990, 2),
  packageOf('0d3e1f00-5a1b-4c2d-8e3f-200000000007', branches.karsiyakaCarsi, 'CASH', 12500, null),
]

/**
 * The cash the couriers handed in on their return: Ahmet Yılmaz all he collected (274,50 + 185,50: "kasa tam"),
 * Mehmet Demir 12,50 ₺ short ("açık var"); Ayşe Kaya is still out.
 */
export const DEMO_CASH_HANDED_IN: readonly { courier: number; amountKurus: number }[] = [
  { courier: 0, amountKurus: 46000 },
  { courier: 1, amountKurus: 31750 },
]
