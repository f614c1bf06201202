// The browser for tests/test_web.py and tools/web.py --bench: npm playwright-core, one JSON
// command a line on stdin, one JSON reply a line on stdout, in order. Not part of the page.
//   {"id": 1, "ref": "chromium", "call": "launch", "args": [{...}], "save": "browser"}
//   -> {"id": 1, "value": ...}  or  {"id": 1, "error": "..."}
// `call` is a method path on the object named `ref` ("keyboard.press" on a page); a result kept
// with `save` is named for later commands instead of being sent back; with "nowait": true the
// call is not awaited (page.waitForEvent before the click that fires it) and a later command on
// that name awaits it. An argument {"$ref": NAME} is the object kept as NAME.
import { createRequire } from "module";
import { createInterface } from "readline";
import { join } from "path";

const require = createRequire(join(process.cwd(), "package.json")); // tools/node_modules
const { chromium } = require("playwright-core");
const objects = { chromium };

function plain(value) {
  if (value === undefined || value === null) return null;
  if (typeof value !== "object") return value;
  const proto = Object.getPrototypeOf(value);
  if (Array.isArray(value) || proto === Object.prototype || proto === null) return value;
  return null; // a Playwright object (Response, ...): keep it with `save` to use it
}

async function run({ id, ref, call, args, save, nowait }) {
  const path = call.split(".");
  let self = await objects[ref];
  if (self === undefined) throw new Error("no object named " + ref);
  for (const name of path.slice(0, -1)) self = self[name];
  const fn = self[path[path.length - 1]];
  if (typeof fn !== "function") throw new Error(call + " is not a method of " + ref);
  const resolved = await Promise.all((args || []).map((a) => (a && a.$ref ? objects[a.$ref] : a)));
  const pending = Promise.resolve(fn.apply(self, resolved));
  if (nowait) {
    pending.catch(() => {}); // its error comes with the command that awaits it
    objects[save] = pending;
    return { id, value: null };
  }
  const value = await pending;
  if (save) {
    objects[save] = value;
    return { id, value: null };
  }
  return { id, value: plain(value) };
}

let queue = Promise.resolve();
createInterface({ input: process.stdin }).on("line", (line) => {
  const cmd = JSON.parse(line);
  queue = queue.then(async () => {
    let reply;
    try {
      reply = await run(cmd);
    } catch (e) {
      reply = { id: cmd.id, error: String((e && e.message) || e).slice(0, 4000) };
    }
    process.stdout.write(JSON.stringify(reply) + "\n");
  });
}).on("close", () => queue.then(() => process.exit(0)));
