import { useId, useState, type SubmitEvent } from 'react'
import {
  ACCOUNT_COLOURS,
  checkShortName,
  MAX_ACCOUNTS,
  type AccountColour,
} from '../../../../src-shared/account-rules.ts'
import type { Account, AccountSignIn } from '../../../../src-shared/accounts.ts'
import type { AppError } from '../../../../src-shared/errors.ts'
import { appErrorOf } from '../../api.ts'
import { BrandTag } from '../../components/BrandTag.tsx'
import { ErrorMessage } from '../../components/ErrorMessage.tsx'
import { TextField } from '../../components/FormFields.tsx'
import { addressErrorOf, SignInFields, type SignInDraft } from '../../components/SignInFields.tsx'
import { useMessages } from '../../i18n/use-messages.tsx'
import {
  useAccounts,
  useAddAccount,
  useRemoveAccount,
  useSetDefaultAccount,
  useSignInAccount,
  useUpdateAccount,
} from '../../queries.ts'

const EMPTY_SIGN_IN: SignInDraft = { address: '', appSecretKey: '', restSecretKey: '' }

/** A short name checked as the core checks it (account-rules.ts), before anything is sent. */
function nameError(name: string): AppError | undefined {
  const check = checkShortName(name)
  return check.ok ? undefined : { code: 'invalid-input', problem: check.problem, retryable: false }
}

/** The sign-in as the core takes it; an error when the address is not https. */
function signInOf(draft: SignInDraft, caFile: string): { keys: AccountSignIn } | { error: AppError } {
  const address = draft.address.trim()
  const error = addressErrorOf(address)
  if (error) return { error }
  return {
    keys: {
      platformAddress: address,
      appSecretKey: draft.appSecretKey,
      restSecretKey: draft.restSecretKey,
      extraCaFile: caFile.trim() || null,
    },
  }
}

/**
 * Settings "Hesaplar" (issue 29): the restaurant accounts (brands), each with its short name, colour and its own
 * sign-in, asked with the sign-in screen's own fields. "Hesap ekle" adds one and signs it in (made only once the
 * platform accepts its keys); rename, recolour, sign in again, remove (refused, with the count, while it still
 * owes hand-overs), set the default. There is no switching: every account is signed in at once.
 */
export function AccountsSection() {
  const id = useId()
  const { t } = useMessages()
  const texts = t.accounts
  const accounts = useAccounts()
  const [note, setNote] = useState<string | undefined>(undefined)
  const list = accounts.data ?? []
  const listError = appErrorOf(accounts.error)

  return (
    <section className="settings-card accounts" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{texts.title}</h2>
      <p className="hint">{texts.intro}</p>
      {listError && <ErrorMessage error={listError} onRetry={() => void accounts.refetch()} />}
      {list.length > 0 && (
        <ul className="account-list" aria-label={texts.listLabel}>
          {list.map((account) => (
            <AccountRow key={account.id} account={account} several={list.length > 1} onNote={setNote} />
          ))}
        </ul>
      )}
      {list.length > 1 && <p className="hint">{texts.defaultHint}</p>}
      {note && (
        <p className="note" role="status">
          {note}
        </p>
      )}
      {accounts.isSuccess &&
        (list.length >= MAX_ACCOUNTS ? (
          <p className="muted">{texts.full}</p>
        ) : (
          <AddAccountForm taken={list} onAdded={setNote} />
        ))}
    </section>
  )
}

function ColourField({
  value,
  onChange,
}: {
  value: AccountColour
  onChange: (colour: AccountColour) => void
}) {
  const id = useId()
  const texts = useMessages().t.accounts
  return (
    <>
      <label htmlFor={id}>{texts.colour}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as AccountColour)}>
        {ACCOUNT_COLOURS.map((colour) => (
          <option key={colour} value={colour}>
            {texts.colours[colour]}
          </option>
        ))}
      </select>
    </>
  )
}

/** The first colour no account has yet, so a new brand's tag stands apart at once. */
function freeColour(taken: readonly Account[]): AccountColour {
  return ACCOUNT_COLOURS.find((colour) => !taken.some((account) => account.colour === colour)) ?? 'blue'
}

function AddAccountForm({ taken, onAdded }: { taken: readonly Account[]; onAdded: (note: string) => void }) {
  const { t } = useMessages()
  const texts = t.accounts
  const add = useAddAccount()
  const [shortName, setShortName] = useState('')
  const [colour, setColour] = useState<AccountColour>(() => freeColour(taken))
  const [signIn, setSignIn] = useState(EMPTY_SIGN_IN)
  const [caFile, setCaFile] = useState('')
  const [localError, setLocalError] = useState<AppError | undefined>()
  const error = localError ?? appErrorOf(add.error)

  function submit(event: SubmitEvent) {
    event.preventDefault()
    const problem = nameError(shortName)
    const asked = signInOf(signIn, caFile)
    setLocalError(problem ?? ('error' in asked ? asked.error : undefined))
    if (problem || 'error' in asked) return
    add.mutate(
      { ...asked.keys, shortName, colour },
      {
        onSuccess: (account) => {
          onAdded(texts.added(account.shortName))
          setShortName('')
          setSignIn(EMPTY_SIGN_IN)
          setCaFile('')
          setColour(freeColour([...taken, account]))
        },
      },
    )
  }

  return (
    <form className="account-add" onSubmit={submit} noValidate aria-label={texts.add}>
      <TextField
        label={texts.shortName}
        hint={texts.shortNameHint}
        value={shortName}
        onChange={setShortName}
        autoComplete="off"
        required
      />
      <ColourField value={colour} onChange={setColour} />
      <SignInFields draft={signIn} onChange={setSignIn} stored={false} />
      <TextField
        label={texts.caFile}
        hint={t.extraCaFileHint}
        value={caFile}
        onChange={setCaFile}
        spellCheck={false}
      />
      {error && <ErrorMessage error={error} />}
      <button type="submit" className="button primary" disabled={add.isPending}>
        {add.isPending ? texts.adding : texts.add}
      </button>
    </form>
  )
}

type Open = 'none' | 'edit' | 'sign-in' | 'remove'

function AccountRow({
  account,
  several,
  onNote,
}: {
  account: Account
  several: boolean
  onNote: (note: string) => void
}) {
  const texts = useMessages().t.accounts
  const [open, setOpen] = useState<Open>('none')
  const setDefault = useSetDefaultAccount()
  const toggle = (which: Open) => setOpen((current) => (current === which ? 'none' : which))
  const name = account.shortName
  return (
    <li className="account-row" aria-label={name}>
      <p className="account-line">
        <BrandTag account={account} />
        {account.isDefault && several && <strong className="account-default">{texts.isDefault}</strong>}
        <span className={account.state === 'signed-out' ? 'account-state warning' : 'account-state'}>
          {texts.state[account.state]}
        </span>
      </p>
      {account.state === 'signed-out' && account.error && <ErrorMessage error={account.error} />}
      <div className="account-buttons">
        <button
          type="button"
          className="button secondary small"
          aria-label={texts.editFor(name)}
          onClick={() => toggle('edit')}
        >
          {texts.edit}
        </button>
        <button
          type="button"
          className="button secondary small"
          aria-label={texts.signInAgainFor(name)}
          onClick={() => toggle('sign-in')}
        >
          {texts.signInAgain}
        </button>
        {several && !account.isDefault && (
          <button
            type="button"
            className="button secondary small"
            aria-label={texts.makeDefaultFor(name)}
            disabled={setDefault.isPending}
            onClick={() => setDefault.mutate({ account: account.id })}
          >
            {texts.makeDefault}
          </button>
        )}
        {several && (
          <button
            type="button"
            className="button warning small"
            aria-label={texts.removeFor(name)}
            onClick={() => toggle('remove')}
          >
            {texts.remove}
          </button>
        )}
      </div>
      {setDefault.error && <ErrorMessage error={appErrorOf(setDefault.error) ?? unknownError} />}
      {open === 'edit' && (
        <EditAccount
          account={account}
          onDone={() => {
            setOpen('none')
            onNote(texts.changed)
          }}
        />
      )}
      {open === 'sign-in' && <SignInAgain account={account} onDone={() => setOpen('none')} />}
      {open === 'remove' && (
        <RemoveAccount
          account={account}
          onCancel={() => setOpen('none')}
          onRemoved={() => onNote(texts.removed(name))}
        />
      )}
    </li>
  )
}

const unknownError: AppError = { code: 'internal', retryable: false }

function EditAccount({ account, onDone }: { account: Account; onDone: () => void }) {
  const texts = useMessages().t.accounts
  const update = useUpdateAccount()
  const [shortName, setShortName] = useState(account.shortName)
  const [colour, setColour] = useState(account.colour)
  const [localError, setLocalError] = useState<AppError | undefined>()
  const error = localError ?? appErrorOf(update.error)

  function submit(event: SubmitEvent) {
    event.preventDefault()
    const problem = nameError(shortName)
    setLocalError(problem)
    if (problem) return
    update.mutate(
      {
        account: account.id,
        ...(shortName === account.shortName ? {} : { shortName }),
        ...(colour === account.colour ? {} : { colour }),
      },
      { onSuccess: onDone },
    )
  }

  return (
    <form className="account-edit" onSubmit={submit} noValidate aria-label={texts.editFor(account.shortName)}>
      <TextField
        label={texts.shortName}
        hint={texts.shortNameHint}
        value={shortName}
        onChange={setShortName}
      />
      <ColourField value={colour} onChange={setColour} />
      {error && <ErrorMessage error={error} />}
      <button type="submit" className="button primary small" disabled={update.isPending}>
        {texts.saveChanges}
      </button>
    </form>
  )
}

/** "Tekrar giriş yap": with the stored keys when the key fields are left empty, else with the ones typed. */
function SignInAgain({ account, onDone }: { account: Account; onDone: () => void }) {
  const { t } = useMessages()
  const texts = t.accounts
  const signIn = useSignInAccount()
  const [draft, setDraft] = useState(EMPTY_SIGN_IN)
  const [caFile, setCaFile] = useState('')
  const [localError, setLocalError] = useState<AppError | undefined>()
  const error = localError ?? appErrorOf(signIn.error)
  const stored = account.credentialsStored

  function submit(event: SubmitEvent) {
    event.preventDefault()
    if (stored && !draft.appSecretKey.trim() && !draft.restSecretKey.trim() && !draft.address.trim()) {
      setLocalError(undefined)
      signIn.mutate({ account: account.id }, { onSuccess: onDone })
      return
    }
    const asked = signInOf(draft, caFile)
    setLocalError('error' in asked ? asked.error : undefined)
    if ('error' in asked) return
    signIn.mutate({ account: account.id, keys: asked.keys }, { onSuccess: onDone })
  }

  return (
    <form
      className="account-sign-in"
      onSubmit={submit}
      noValidate
      aria-label={texts.signInAgainFor(account.shortName)}
    >
      {stored && <p className="hint">{texts.newKeysHint}</p>}
      <SignInFields draft={draft} onChange={setDraft} stored={stored} />
      <TextField
        label={texts.caFile}
        hint={t.extraCaFileHint}
        value={caFile}
        onChange={setCaFile}
        spellCheck={false}
      />
      {error && <ErrorMessage error={error} />}
      <button type="submit" className="button primary small" disabled={signIn.isPending}>
        {signIn.isPending ? texts.adding : texts.signInAgain}
      </button>
    </form>
  )
}

/** Asked first; refused by the core, with the count, while the account still owes hand-overs. */
function RemoveAccount({
  account,
  onCancel,
  onRemoved,
}: {
  account: Account
  onCancel: () => void
  onRemoved: () => void
}) {
  const { t } = useMessages()
  const texts = t.accounts
  const remove = useRemoveAccount()
  const error = appErrorOf(remove.error)
  return (
    <div className="account-remove" role="group" aria-label={texts.removeFor(account.shortName)}>
      <p>{texts.removeQuestion(account.shortName)}</p>
      {error?.problem === 'account-owes-handovers' ? (
        <p className="error" role="alert">
          {texts.owes(error.count ?? 0)}
        </p>
      ) : (
        error && <ErrorMessage error={error} />
      )}
      <button
        type="button"
        className="button warning small"
        disabled={remove.isPending}
        onClick={() => remove.mutate({ account: account.id }, { onSuccess: onRemoved })}
      >
        {texts.removeConfirm}
      </button>
      <button type="button" className="button secondary small" onClick={onCancel}>
        {t.cancel}
      </button>
    </div>
  )
}
