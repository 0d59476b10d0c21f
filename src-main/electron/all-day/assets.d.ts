/** electron-vite's `?asset` import: the built file's absolute path at run time. */
declare module '*?asset' {
  const path: string
  export default path
}
