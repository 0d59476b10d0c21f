#!/usr/bin/env node
/**
 * `node scripts/with-node22.js <script.ts> [args…]`: what every npm script runs first, so that `npm test` and
 * `npm run demo` work on a machine with only an older Node (such as Debian's Node 20 on CI).
 *
 * Plain JavaScript on purpose: any Node >= 18 starts it. Where this Node can run the TypeScript scripts itself
 * (>= 22.18, where type stripping is on by default), it runs the script in this very process. Otherwise it says
 * so in one line, brings Node 22 from the npm registry into `.tools/node22` (once; reused afterwards; no global
 * install, no root) and runs the same script with the same arguments under it, with that Node first on PATH so
 * what the script starts (npm, vitest, playwright, electron-vite) runs under it too. The child's exit code, or
 * the signal that ended it, becomes ours; signals sent to us (Ctrl+C) reach the child.
 *
 * POS_NODE22_DIR: where Node 22 lives (default `<project>/.tools/node22`).
 * POS_NO_AUTO_INSTALL=1: never download; say what to install instead.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { delimiter, dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const MINIMUM = [22, 18]
const MINIMUM_TEXT = MINIMUM.join('.')
const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', ...(process.platform === 'win32' ? ['SIGBREAK'] : [])]

/** @param {string} version e.g. "20.20.2" or "v22.23.3" */
function isNewEnough(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number)
  return major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1])
}

/** @param {string} message */
function fail(message) {
  process.stderr.write(`node: ${message}\n`)
  process.exit(1)
}

/** The Node binary inside the tool folder, where the npm package `node` puts it. */
function toolNodeBinary(toolDir) {
  return join(toolDir, 'node_modules', 'node', 'bin', process.platform === 'win32' ? 'node.exe' : 'node')
}

/** @returns {string | undefined} the version the binary reports, if it runs at all */
function versionOf(binary) {
  if (!existsSync(binary)) return undefined
  const run = spawnSync(binary, ['--version'], { encoding: 'utf8' })
  return run.status === 0 ? run.stdout.trim() : undefined
}

/** `npm install node@22` into the tool folder; npm's errors go to our stderr, its summary nowhere. */
function installNode22(toolDir) {
  mkdirSync(toolDir, { recursive: true })
  // The `node` package fetches the real binary in its preinstall script; newer npm asks for that to be allowed.
  writeFileSync(
    join(toolDir, 'package.json'),
    JSON.stringify(
      {
        private: true,
        description: 'Node 22 for this project (scripts/with-node22.js)',
        allowScripts: { node: true },
      },
      null,
      2,
    ),
  )
  const npmCli = process.env.npm_execpath
  const args = ['install', '--prefix', toolDir, '--no-audit', '--no-fund', '--loglevel=error', 'node@22']
  const [command, commandArgs] =
    npmCli && /\.[cm]?js$/.test(npmCli) ? [process.execPath, [npmCli, ...args]] : ['npm', args]
  const run = spawnSync(command, commandArgs, {
    cwd: toolDir,
    stdio: ['ignore', 'ignore', 2],
    shell: process.platform === 'win32' && command === 'npm',
  })
  return run.status === 0
}

/** The Node 22 to hand over to: the one already in the tool folder, or a fresh one from the npm registry. */
function node22(toolDir) {
  const binary = toolNodeBinary(toolDir)
  const shown = relative(process.cwd(), toolDir) || toolDir
  const here = `Node ${process.versions.node} is older than the ${MINIMUM_TEXT} this project needs`
  const existing = versionOf(binary)
  if (existing && isNewEnough(existing)) {
    process.stderr.write(`node: ${here}; running with Node ${existing.replace(/^v/, '')} from ${shown}\n`)
    return binary
  }
  if (process.env.POS_NO_AUTO_INSTALL === '1') {
    fail(`${here}; install Node >= ${MINIMUM_TEXT} (or unset POS_NO_AUTO_INSTALL to fetch it into ${shown})`)
  }
  process.stderr.write(
    `node: ${here}; fetching Node 22 from the npm registry into ${shown} (once, reused after)\n`,
  )
  const installed = installNode22(toolDir) ? versionOf(binary) : undefined
  if (!installed || !isNewEnough(installed)) {
    fail(
      `could not install Node 22 into ${shown} (see npm's message above); install Node >= ${MINIMUM_TEXT} yourself`,
    )
  }
  return binary
}

/** Runs the script under `binary` and ends as it ends: same exit code, or killed by the same signal. */
function handOver(binary, script, args) {
  const env = { ...process.env, PATH: `${dirname(binary)}${delimiter}${process.env.PATH ?? ''}` }
  if (env.npm_node_execpath) env.npm_node_execpath = binary
  const child = spawn(binary, [script, ...args], { stdio: 'inherit', env })
  const forward = (signal) => child.kill(signal)
  for (const signal of SIGNALS) process.on(signal, forward)
  child.on('error', (error) => fail(`could not start ${binary}: ${error.message}`))
  child.on('exit', (code, signal) => {
    for (const name of SIGNALS) process.off(name, forward)
    if (signal) process.kill(process.pid, signal)
    else process.exit(code ?? 1)
  })
}

const [script, ...args] = process.argv.slice(2)
if (!script) fail('usage: node scripts/with-node22.js <script.ts> [args…]')

if (isNewEnough(process.versions.node)) {
  // The script sees the argv it would have seen when started as `node <script.ts> [args…]`.
  process.argv.splice(1, 2, resolve(script))
  await import(pathToFileURL(resolve(script)).href)
} else {
  handOver(
    node22(resolve(process.env.POS_NODE22_DIR || join(PROJECT_ROOT, '.tools', 'node22'))),
    script,
    args,
  )
}
