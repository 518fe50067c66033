// No import cycles: within each crate's source folder given, a module that names a sibling (`crate::a::…`,
// `super::a`, `use super::{a, …}`) depends on it, and no two siblings may depend on each other, directly or
// round a circle. Test code is left out (files named tests.rs, folders named tests, `#[cfg(test)] mod … {`
// blocks), and so are comments. Prints each circle and exits 1 if there is any.
//
//   node tools/import-cycles.mjs src crates/rules/src …
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** The modules under `root`: their paths (`["store", "host"]`) to their files. */
function modules(root) {
  const found = new Map();
  const walk = (folder) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) {
        if (name !== "tests") walk(path);
      } else if (name.endsWith(".rs") && name !== "tests.rs") {
        const parts = relative(root, path).slice(0, -3).split(sep);
        if (["mod", "lib", "main"].includes(parts.at(-1))) parts.pop();
        found.set(parts.join("::"), path);
      }
    }
  };
  walk(root);
  return found;
}

/** The module paths a file's code names, relative to the crate. */
function named(code, self) {
  const paths = [];
  const from = (head) => (head === "crate" ? [] : self.slice(0, -1));
  for (const [, head, path] of code.matchAll(/\b(crate|super)((?:::\w+)+)/g)) {
    let base = from(head);
    const parts = path.slice(2).split("::");
    while (parts[0] === "super") {
      base = base.slice(0, -1);
      parts.shift();
    }
    paths.push([...base, ...parts]);
  }
  for (const [, head, list] of code.matchAll(/use (crate|super)::\{([^}]*)\}/g)) {
    for (const item of list.split(",")) {
      const parts = item.trim().split("::").filter(Boolean);
      if (parts.length > 0) paths.push([...from(head), ...parts]);
    }
  }
  return paths;
}

/** The circles among sibling modules under `root`. */
function circles(root) {
  const found = modules(root);
  const edges = new Map();
  for (const [key, file] of found) {
    const self = key === "" ? [] : key.split("::");
    const code = readFileSync(file, "utf8")
      .split(/#\[cfg\(test\)\]\s*(?:pub\(crate\) )?mod \w+ \{/)[0]
      .replace(/\/\/.*$/gm, "");
    for (const path of named(code, self)) {
      // The longest module the path is in.
      let target;
      for (let length = path.length; length > 0 && target === undefined; length--) {
        if (found.has(path.slice(0, length).join("::"))) target = path.slice(0, length);
      }
      if (!target) continue;
      let shared = 0;
      while (shared < Math.min(self.length, target.length) && self[shared] === target[shared]) shared++;
      // A module may use its ancestors and its descendants.
      if (shared === self.length || shared === target.length) continue;
      const from = self.slice(0, shared + 1).join("::");
      const to = target.slice(0, shared + 1).join("::");
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  }
  // Tarjan's strongly connected components: each of more than one module is a circle.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const result = [];
  const visit = (module) => {
    index.set(module, index.size);
    low.set(module, index.get(module));
    stack.push(module);
    for (const next of edges.get(module) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(module, Math.min(low.get(module), low.get(next)));
      } else if (stack.includes(next)) {
        low.set(module, Math.min(low.get(module), index.get(next)));
      }
    }
    if (low.get(module) === index.get(module)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        component.push(member);
      } while (member !== module);
      if (component.length > 1) result.push(component.sort());
    }
  };
  for (const module of edges.keys()) if (!index.has(module)) visit(module);
  return result;
}

let any = false;
for (const root of process.argv.slice(2)) {
  for (const circle of circles(root)) {
    any = true;
    console.log(`import circle in ${root}: ${circle.join(" <-> ")}`);
  }
}
process.exit(any ? 1 : 0);
