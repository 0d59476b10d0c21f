/**
 * A typed list of subscribers: how a part built later follows one built earlier (the outbox follows the
 * session, the bridges follow the core) without the earlier one knowing who listens.
 */
export class Listeners<T extends unknown[]> {
  readonly #listeners = new Set<(...args: T) => void>()

  /** Returns the unsubscribe. */
  add(listener: (...args: T) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Calls every listener in the order they subscribed. */
  emit(...args: T): void {
    for (const listener of this.#listeners) listener(...args)
  }
}
