// Runs the wasm32-wasip1 build of redline-hard-pace in Node's WebAssembly engine (V8, the
// engine of Chromium): `node tools/hard-pace/wasi.mjs <redline-hard-pace.wasm> [args...]`.
import { readFile } from "node:fs/promises";
import { WASI } from "node:wasi";

const [wasmPath, ...args] = process.argv.slice(2);
const wasi = new WASI({ version: "preview1", args: ["redline-hard-pace", ...args], env: {} });
const module = await WebAssembly.compile(await readFile(wasmPath));
const instance = await WebAssembly.instantiate(module, wasi.getImportObject());
wasi.start(instance);
