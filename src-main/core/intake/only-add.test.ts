// "A link, the command line and the folder only ever add orders" (issue 20.3, docs/decisions.md D71): for an
// order already on the board they may fill what is still unknown, never change what is known; a change they
// offer is kept on the order (the card says so) and logged. The POS's keyed API may still correct its own order.
// The drop folder is a real one with real files; the POS's body goes the way the API's route sends it.
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { until, within } from '../../../test-support/core/within.ts'
import type { BoardOrder } from '../../../src-shared/domain.ts'
import type { OrderSource } from '../../../src-shared/intake-view.ts'
import { testCore } from '../../../test-support/core/core-on-mock.ts'
import { recordingLogger } from '../../../test-support/core/memory-adapters.ts'
import type { Core } from '../create-core.ts'
import { parsePosOrder } from './order-input.ts'
import { parseLaunchArgv, parseOrderLink } from './order-link.ts'

const ORDER = '3f2b7c9e-1a4d-4e8b-9c2f-5d6e7f8a9b0c'
const cores: Core[] = []
const folders: string[] = []

afterEach(async () => {
  for (const core of cores.splice(0)) {
    await core.intake.stop()
    core.dispose()
  }
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true })
})

function value<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`)
  return result.value
}

/** A core serving its API and watching a real drop folder. */
async function servedCore() {
  const log = recordingLogger()
  const core = await testCore({ log })
  cores.push(core)
  // In a folder only this user controls: one right in /tmp is refused (others can write /tmp, issue 27).
  const root = await mkdtemp(join(tmpdir(), 'pos-only-add-'))
  folders.push(root)
  const folder = join(root, 'pos')
  await mkdir(folder)
  // The data folder keeps the drop folder's done/ and failed/ (D69).
  const dataDir = await mkdtemp(join(tmpdir(), 'pos-only-add-data-'))
  folders.push(dataDir)
  await core.intake.serve({ port: 0, dropStableMs: 50, dataDir })
  value(await core.handlers.updateSettings({ dropFolder: folder }))
  /** What `POST /v1/orders` does with a body once the key was checked (its tests are the server's). */
  const post = async (body: unknown) => {
    const parsed = parsePosOrder(body)
    if (!parsed.ok) throw new Error(`the test body did not parse: ${parsed.code}`)
    return (await core.intake.addOrder(parsed.value, 'pos-api')).created ? 201 : 200
  }
  /** Writes a drop file and resolves once the folder has put it through the board. */
  const drop = async (body: unknown) => {
    const changed = new Promise<void>((resolve) => {
      const off = core.subscribe((event) => {
        if (event !== 'orderChanged') return
        off()
        resolve()
      })
    })
    await writeFile(join(folder, 'order.json'), JSON.stringify(body))
    // Bounded: a change that stops the folder taking files fails here in seconds, not at the test's timeout.
    await within(changed, 'the drop file on the board')
    // Moved out of the drop folder's top level (to done/, D69) once the board took it.
    await until(
      async () => !(await readdir(folder)).includes('order.json'),
      'the drop file leaving the folder',
    )
  }
  const order = async (): Promise<BoardOrder | undefined> =>
    value(await core.handlers.listOrders(undefined)).find((entry) => entry.paymentKey === ORDER)
  return { core, log, post, drop, order }
}

const FROM_THE_POS = {
  payment_key: ORDER,
  courier_type: 'platform',
  payment_method: 'CASH',
  shipping_method: 'delivery',
  label: 'Masa 5',
}
const KNOWN = { courierType: 'platform', paymentMethod: 'CASH', shippingMethod: 'delivery', label: 'Masa 5' }

describe('a link, the command line and the drop folder only ever add', () => {
  it('a drop file cannot make a platform-courier cash order a restaurant-courier card order', async () => {
    const { core, log, post, drop, order } = await servedCore()
    expect(await post(FROM_THE_POS)).toBe(201)
    await drop({
      payment_key: ORDER,
      courier_type: 'restaurant',
      payment_method: 'CREDIT_CARD',
      shipping_method: 'pickup',
      label: 'Masa 9',
    })
    expect(await order()).toMatchObject({ ...KNOWN, source: 'pos-api' })
    // So "Kuryeye Verildi" is still not offered, and the slip still says to collect cash.
    const press = await core.handlers.handOverOrder({ paymentKey: ORDER })
    expect(press).toMatchObject({ ok: false, error: { problem: 'not-eligible' } })
    // The card says another way in tried to change it, and the log keeps which fields (never their values).
    expect((await order())?.refusedChange).toMatchObject({
      source: 'drop-folder',
      fields: ['shippingMethod', 'paymentMethod', 'courierType', 'label'],
    })
    const line = log.lines.find((entry) => entry.includes('kept what was known'))
    expect(line).toContain('drop-folder')
    expect(line).not.toContain('CREDIT_CARD')
  })

  it.each<[OrderSource, string[]]>([
    ['link', ['pos-companion://order/' + ORDER + '?label=Sahte']],
    ['command-line', ['app', `--add-order=${ORDER}`, '--label=Sahte']],
  ])('a %s cannot change the label the POS gave', async (source, words) => {
    const { core, post, order } = await servedCore()
    await post(FROM_THE_POS)
    const request =
      source === 'link'
        ? parseOrderLink(words[0] ?? '')
        : (() => {
            const launch = parseLaunchArgv(words)
            return launch.kind === 'order'
              ? { ok: true as const, order: launch.order }
              : { ok: false as const }
          })()
    if (!request.ok) throw new Error('the test link or command line did not parse')
    await core.intake.addOrder(request.order, source)
    expect(await order()).toMatchObject({ ...KNOWN, source: 'pos-api' })
    expect((await order())?.refusedChange).toMatchObject({ source, fields: ['label'] })
  })

  it('fills what is still unknown, and says nothing of it', async () => {
    const { post, drop, order } = await servedCore()
    await post({ payment_key: ORDER, label: 'Masa 5' })
    await drop({ payment_key: ORDER, courier_type: 'platform', payment_method: 'CASH', label: 'Masa 5' })
    const filled = await order()
    expect(filled).toMatchObject({ courierType: 'platform', paymentMethod: 'CASH', label: 'Masa 5' })
    expect(filled?.refusedChange).toBeUndefined()
  })

  it('lets the POS correct its own order through the keyed API, as documented (200 merged)', async () => {
    const { post, order } = await servedCore()
    await post(FROM_THE_POS)
    expect(await post({ ...FROM_THE_POS, payment_method: 'CREDIT_CARD', label: 'Masa 6' })).toBe(200)
    expect(await order()).toMatchObject({ paymentMethod: 'CREDIT_CARD', label: 'Masa 6' })
    expect((await order())?.refusedChange).toBeUndefined()
  })
})
