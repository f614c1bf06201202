// Runs the tests/core suite on the 32-bit MicroPython WebAssembly port (Node 20), as
// tests/mp_run.py does on the unix port: `node tests/mp/wasm_core.mjs [module ...]`.
// firmware/, boards/ (the display probe), tests/ (with its data files), host_sim/ and tools/ go into the port's in-memory filesystem; exits 1 unless all passed.
import { readdirSync, readFileSync, statSync } from "fs";
import { dirname, join } from "path";
import { fileURLToPath } from "url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const pkg = join(root, "tools/node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs");
const { loadMicroPython } = await import(pkg);
let last = "";
const mp = await loadMicroPython({ heapsize: 4 * 1024 * 1024, stdout: (line) => { last = line; console.log(line); } });

function copy(src, dest, all = false) {
  mp.FS.mkdirTree(dest);
  for (const name of readdirSync(src)) {
    const path = join(src, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__" && name !== "node_modules") copy(path, dest + "/" + name, all);
    } else if (all || name.endsWith(".py")) mp.FS.writeFile(dest + "/" + name, readFileSync(path));
  }
}

copy(join(root, "firmware"), "/w/firmware");
copy(join(root, "boards"), "/w/boards");
copy(join(root, "tests"), "/w/tests", true);  // with the fixtures and reviewed art
copy(join(root, "host_sim"), "/w/host_sim");
copy(join(root, "tools"), "/w/tools");
const mods = JSON.stringify(process.argv.slice(2));
console.log("== core tests on the 32-bit MicroPython WebAssembly port");
try {
  mp.runPython(`import sys
__file__ = "/w/tests/mp_run.py"
exec(open(__file__).read().replace('if __name__ == "__main__":', "if False:"))
failed = main(${mods})`);
} catch (e) {
  console.log(String(e));
  process.exit(1);
}
process.exit(/^\d+ passed, 0 failed$/.test(last) ? 0 : 1);
