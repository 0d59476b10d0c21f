// @peculiar/x509 resolves its algorithm providers through tsyringe, which refuses to load unless a Reflect
// metadata polyfill is present. We may not add the `reflect-metadata` package, and tsyringe only needs three
// calls (getMetadata, getOwnMetadata, defineMetadata), so this module supplies exactly those. It must be
// imported before @peculiar/x509. It leaves a real polyfill alone if one is already installed.

type MetadataTarget = object
type MetadataKey = unknown

interface ReflectMetadataApi {
  getMetadata(key: MetadataKey, target: MetadataTarget, property?: PropertyKey): unknown
  getOwnMetadata(key: MetadataKey, target: MetadataTarget, property?: PropertyKey): unknown
  defineMetadata(key: MetadataKey, value: unknown, target: MetadataTarget, property?: PropertyKey): void
}

const store = new WeakMap<MetadataTarget, Map<PropertyKey | undefined, Map<MetadataKey, unknown>>>()

function ownMetadataMap(target: MetadataTarget, property: PropertyKey | undefined, create: boolean) {
  let byProperty = store.get(target)
  if (!byProperty) {
    if (!create) return undefined
    byProperty = new Map()
    store.set(target, byProperty)
  }
  let byKey = byProperty.get(property)
  if (!byKey && create) {
    byKey = new Map()
    byProperty.set(property, byKey)
  }
  return byKey
}

const polyfill: ReflectMetadataApi = {
  getOwnMetadata(key, target, property) {
    return ownMetadataMap(target, property, false)?.get(key)
  },
  // Like reflect-metadata, an inherited lookup walks the prototype chain.
  getMetadata(key, target, property) {
    for (
      let current: object | null = target;
      current !== null;
      current = Object.getPrototypeOf(current) as object | null
    ) {
      const map = ownMetadataMap(current, property, false)
      if (map?.has(key)) return map.get(key)
    }
    return undefined
  },
  defineMetadata(key, value, target, property) {
    ownMetadataMap(target, property, true)?.set(key, value)
  },
}

const reflect = Reflect as unknown as Partial<ReflectMetadataApi>
if (typeof reflect.getMetadata !== 'function') Object.assign(Reflect, polyfill)

export {}
