import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState, type SubmitEvent } from 'react'
import { DEFAULT_SETTINGS } from '../../../../src-shared/domain.ts'
import type { IntakeInfo } from '../../../../src-shared/intake-info.ts'
import type { SecretClipboard } from '../../../../src-shared/secret-clipboard.ts'
import { useAttention } from '../../attention/use-attention.ts'
import { appErrorOf, requireBridge, unwrap } from '../../api.ts'
import { ErrorMessage } from '../../components/ErrorMessage.tsx'
import { CheckboxField, TextField } from '../../components/FormFields.tsx'
import { useMessages } from '../../i18n/use-messages.tsx'
import { useSettings, useUpdateSettings } from '../../queries.ts'

const INTAKE_KEY = ['intake'] as const

declare global {
  interface Window {
    /** The desktop app's copy of the intake key, kept out of clipboard history (preload); absent in web mode. */
    secretClipboard?: SecretClipboard
  }
}

/**
 * The desktop app's main process copies the key with the marker that keeps it out of clipboard history and
 * cloud sync (issue 20). A web page can only write plain text: in web mode the copy may stay in the history.
 */
async function copyKey(key: string): Promise<void> {
  const desktop = window.secretClipboard
  if (desktop === undefined) return navigator.clipboard.writeText(key)
  if (!(await desktop.copyIntakeKey())) throw new Error('the key was not copied')
}

/**
 * "POS bağlantısı": where the local intake API listens, its key (shown on request, copied, rotated with one
 * confirmed click), its port, whether the POS may ask for a hand-over, and the optional drop folder with why
 * it is not watched when it is refused, or no longer watched once it was swapped (docs/decisions.md D45-D46,
 * D69, issue 27), and "Create the POS folder". Each part is saved on its own, as soon as staff confirm it.
 */
export function IntakeSection() {
  const texts = useMessages().t.intake
  const id = useId()
  const info = useQuery({ queryKey: INTAKE_KEY, queryFn: () => unwrap(requireBridge().getIntakeInfo()) })
  const settings = useSettings()
  // A drop folder swapped after it was checked is pushed as attention (issue 27): Settings reads why at once.
  const queryClient = useQueryClient()
  const folderChanged = useAttention().data?.dropFolderChanged === true
  useEffect(() => {
    if (folderChanged) void queryClient.invalidateQueries({ queryKey: INTAKE_KEY })
  }, [folderChanged, queryClient])
  if (!info.data || !settings.data) return null
  return (
    <section className="settings-card intake" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{texts.title}</h2>
      <p className="hint">{texts.intro}</p>
      <IntakeAddress info={info.data} />
      <IntakeKey info={info.data} />
      <IntakeOptions
        port={settings.data.intakePort}
        handover={settings.data.intakeHandover}
        dropFolder={settings.data.dropFolder}
        info={info.data}
      />
    </section>
  )
}

function IntakeAddress({ info }: { info: IntakeInfo }) {
  const texts = useMessages().t.intake
  const problem =
    info.status === 'port-in-use'
      ? texts.portInUse(info.port)
      : info.status === 'failed'
        ? texts.failed
        : null
  return (
    <>
      <p>
        {texts.address}: <code data-testid="intake-url">{info.url ?? texts.notServing}</code>
      </p>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
    </>
  )
}

function IntakeKey({ info }: { info: IntakeInfo }) {
  const texts = useMessages().t.intake
  const queryClient = useQueryClient()
  const [shown, setShown] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const [notice, setNotice] = useState('')
  const rotate = useMutation({
    mutationFn: () => unwrap(requireBridge().rotateIntakeKey()),
    onSuccess: (next: IntakeInfo) => {
      queryClient.setQueryData(INTAKE_KEY, next)
      setNotice(texts.rotated)
    },
  })
  const copy = async () => {
    try {
      await copyKey(info.key)
      setNotice(texts.copied)
    } catch {
      setShown(true) // copied by hand, then
    }
  }
  const error = appErrorOf(rotate.error)
  return (
    <div className="intake-key">
      <span>{texts.key}:</span>
      <code data-testid="intake-key">{shown ? info.key : '•'.repeat(12)}</code>
      <button type="button" className="button secondary" onClick={() => setShown(!shown)}>
        {shown ? texts.hideKey : texts.showKey}
      </button>
      <button type="button" className="button secondary" onClick={() => void copy()}>
        {texts.copyKey}
      </button>
      {confirming ? (
        <span role="group" aria-label={texts.rotateKey}>
          <span>{texts.rotateConfirm}</span>{' '}
          <button
            type="button"
            className="button danger"
            disabled={rotate.isPending}
            onClick={() => {
              setConfirming(false)
              rotate.mutate()
            }}
          >
            {texts.rotateKey}
          </button>
          <CancelButton onCancel={() => setConfirming(false)} />
        </span>
      ) : (
        <button type="button" className="button secondary" onClick={() => setConfirming(true)}>
          {texts.rotateKey}
        </button>
      )}
      <p role="status" className="hint">
        {notice}
      </p>
      {error && <ErrorMessage error={error} />}
    </div>
  )
}

function CancelButton({ onCancel }: { onCancel: () => void }) {
  const { t } = useMessages()
  return (
    <button type="button" className="button secondary" onClick={onCancel}>
      {t.cancel}
    </button>
  )
}

function IntakeOptions(props: {
  port: number
  handover: boolean
  dropFolder: string | null
  info: IntakeInfo
}) {
  const texts = useMessages().t.intake
  const queryClient = useQueryClient()
  const update = useUpdateSettings()
  const [port, setPort] = useState(String(props.port))
  const [folder, setFolder] = useState(props.dropFolder ?? '')
  const save = (change: Parameters<typeof update.mutate>[0]) =>
    update.mutate(change, { onSettled: () => void queryClient.invalidateQueries({ queryKey: INTAKE_KEY }) })
  const savePort = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    save({ intakePort: Number(port) })
  }
  const saveFolder = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    save({ dropFolder: folder.trim() === '' ? null : folder })
  }
  const create = useMutation({
    mutationFn: () => unwrap(requireBridge().createPosFolder()),
    onSuccess: (next: IntakeInfo) => {
      queryClient.setQueryData(INTAKE_KEY, next)
      void queryClient.invalidateQueries({ queryKey: ['settings'] })
      if (next.dropFolder.folder !== null) setFolder(next.dropFolder.folder)
    },
  })
  const error = appErrorOf(update.error) ?? appErrorOf(create.error)
  const folderState = props.info.dropFolder.status
  return (
    <>
      <form onSubmit={savePort}>
        <TextField
          label={texts.port}
          hint={texts.portHint(DEFAULT_SETTINGS.intakePort)}
          inputMode="numeric"
          value={port}
          onChange={setPort}
        />
        <button type="submit" className="button secondary" disabled={update.isPending}>
          {texts.savePort}
        </button>
      </form>
      <CheckboxField
        label={texts.handover}
        hint={texts.handoverHint}
        checked={props.handover}
        onChange={(checked) => save({ intakeHandover: checked })}
      />
      <form onSubmit={saveFolder}>
        <TextField label={texts.dropFolder} hint={texts.dropFolderHint} value={folder} onChange={setFolder} />
        <button type="submit" className="button secondary" disabled={update.isPending}>
          {texts.saveFolder}
        </button>
      </form>
      {create.isSuccess && props.info.dropFolder.folder !== null && (
        <p role="status" className="hint">
          {texts.folderCreated(props.info.dropFolder.folder)}
        </p>
      )}
      {folderState === 'watching' && <p className="hint">{texts.folderWatching}</p>}
      {folderState === 'failed' && <p className="error">{texts.folderFailed}</p>}
      {folderState === 'refused' && (
        <FolderRefused
          info={props.info.dropFolder}
          disabled={update.isPending}
          onConfirm={(confirmed) => save({ dropFolder: confirmed, dropFolderSharedConfirmed: true })}
        />
      )}
      {folderState !== 'watching' && (
        <p>
          <button
            type="button"
            className="button secondary"
            disabled={create.isPending || update.isPending}
            onClick={() => create.mutate()}
          >
            {texts.createFolder}
          </button>{' '}
          <span className="hint">{texts.createFolderHint}</span>
        </p>
      )}
      {error && <ErrorMessage error={error} />}
    </>
  )
}

/**
 * Why the folder is not watched (D69). Only a folder other accounts can write may be used anyway, and only by
 * an explicit click: the others (the data folder, system and profile folders) are never watched.
 */
function FolderRefused(props: {
  info: IntakeInfo['dropFolder']
  disabled: boolean
  onConfirm: (folder: string) => void
}) {
  const texts = useMessages().t.intake
  const { folder, refusal } = props.info
  if (refusal === undefined) return null
  return (
    <div className="intake-folder-refused">
      <p className="error" role="alert">
        {texts.folderRefused[refusal]}
      </p>
      {refusal === 'shared' && folder !== null && (
        <button
          type="button"
          className="button secondary"
          disabled={props.disabled}
          onClick={() => props.onConfirm(folder)}
        >
          {texts.confirmShared}
        </button>
      )}
    </div>
  )
}
