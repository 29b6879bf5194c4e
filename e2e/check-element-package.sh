#!/usr/bin/env bash
# The element's npm package as a consumer gets it: a project in a temporary folder
# installs the tarball (no registry: unpacked into node_modules, as `npm install
# ./x.tgz` does) and type-checks with tsc (Debian's node-typescript):
#   - TSX: <apple-signin-button> with its attributes, a locale and onappleid-success;
#   - the API as data (siwa-buttons-element/api: ATTRIBUTES, LOCALES) typed;
#   - document.createElement('apple-signin-button') typed as the element (start(), render(),
#     its events' details);
#   - Vue-style usage: GlobalComponents['apple-signin-button']'s props;
#   - package.json: exports, types, sideEffects, customElements -> a schema 2.x manifest
#     listing the attributes, events and parts.
# Then the failing twins, each of which must fail the type-check: a misspelt tag, a
# misspelt attribute, a locale that is not one of the 37, a misspelt method, a bad locale
# in a Vue prop.
# React's and Vue's own types are not installable here (no npm registry; Debian has
# neither): the project uses minimal stand-in declarations of the modules 'react',
# 'react/jsx-runtime' and 'vue' with the shapes the package's typings augment
# (React.JSX.IntrinsicElements, React.HTMLAttributes, React.RefAttributes; Vue's
# GlobalComponents), as @types/react 18.2.7+/19 and vue 3 declare them.
#
#   bash e2e/check-element-package.sh TGZ
#
# Needs node, npm and tsc (apt-get install nodejs npm node-typescript). Writes only in a
# temporary folder, removed on exit.
set -euo pipefail
[ $# -eq 1 ] && [ -f "$1" ] || { echo "usage: check-element-package.sh siwa-buttons-element-VERSION.tgz" >&2; exit 64; }
tgz=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
for tool in node npm tsc; do
  command -v $tool >/dev/null || { echo "check-element-package: needs $tool (apt-get install nodejs npm node-typescript)" >&2; exit 1; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/siwa-element-consumer.XXXXXX")
trap 'rm -rf "$work"' EXIT
failed=0
ok() { echo "  ok    $*"; }
fail() { echo "  FAIL  $*"; failed=1; }

cd "$work"
cat > package.json <<'JSON'
{ "name": "consumer", "version": "1.0.0", "private": true, "type": "module" }
JSON
# Installed from the tarball alone: npm with no registry (offline, its cache here).
export npm_config_cache="$work/.npm-cache" npm_config_logs_dir="$work/.npm-logs" npm_config_userconfig="$work/.npmrc" \
  npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false npm_config_offline=true
if npm install --no-save --ignore-scripts --no-package-lock "$tgz" >npm.log 2>&1; then
  ok "npm install --offline of $(basename "$tgz")"
else
  # Older npm offline installs of a local tarball still consult the cache: unpack as npm does.
  mkdir -p node_modules/siwa-buttons-element
  tar xzf "$tgz" -C node_modules/siwa-buttons-element --strip-components=1
  ok "unpacked into node_modules (npm install said: $(tail -1 npm.log))"
fi
pkg=node_modules/siwa-buttons-element
[ -f $pkg/apple-signin-button.js ] && [ -f $pkg/apple-signin-button.d.ts ] || { fail "the package holds the module and its declarations"; exit 1; }

# package.json and the manifest, as tools read them.
if node --input-type=module - "$pkg" <<'JS'
import { readFileSync } from 'node:fs';
const dir = process.argv[2];
const pkg = JSON.parse(readFileSync(`${dir}/package.json`, 'utf8'));
const problems = [];
const want = (ok, what) => { if (!ok) problems.push(what); };
want(pkg.name === 'siwa-buttons-element', 'name siwa-buttons-element');
want(pkg.exports?.['.']?.types === './apple-signin-button.d.ts' && pkg.exports['.'].default === './apple-signin-button.js', 'exports "." with types and default');
want(pkg.types === './apple-signin-button.d.ts', 'types');
want(Array.isArray(pkg.sideEffects) && pkg.sideEffects.includes('./apple-signin-button.js'), 'sideEffects names the module (it defines the element)');
const manifest = JSON.parse(readFileSync(`${dir}/${pkg.customElements}`, 'utf8'));
want(/^2\./.test(manifest.schemaVersion), `customElements -> schema 2.x (${manifest.schemaVersion})`);
const el = manifest.modules.flatMap((m) => m.declarations).find((d) => d.tagName === 'apple-signin-button');
want(el && el.customElement, 'the manifest declares <apple-signin-button>');
const names = (list) => (list || []).map((x) => x.name);
for (const a of ['mode', 'type', 'color', 'width', 'locale', 'render', 'client-id', 'redirect-uri', 'session-url', 'cache-version'])
  want(names(el?.attributes).includes(a), `attribute ${a}`);
want(names(el?.events).join() === 'appleid-success,appleid-failure', 'events appleid-success, appleid-failure');
want(names(el?.cssParts).join() === 'button,image,note', 'parts button, image, note');
const locale = el?.attributes.find((a) => a.name === 'locale');
want(locale && locale.type.text.split(' | ').length === 37, 'locale typed as the 37 codes');
const mod = await import(`${process.cwd()}/${dir}/apple-signin-button.js`).catch((e) => e);
want(!(mod instanceof Error) || /HTMLElement|window/.test(String(mod)), 'the module parses');
if (problems.length) { console.log(problems.map((p) => `  FAIL  package: ${p}`).join('\n')); process.exit(1); }
JS
then ok "package.json: exports, types, sideEffects; custom-elements.json 2.x with the attributes, events and parts"
else failed=1; fi

# Stand-ins for React's and Vue's types (see the header).
mkdir -p node_modules/react node_modules/vue
cat > node_modules/react/package.json <<'JSON'
{ "name": "react", "version": "19.0.0-stand-in", "types": "index.d.ts",
  "exports": { ".": { "types": "./index.d.ts" }, "./jsx-runtime": { "types": "./jsx-runtime.d.ts" } } }
JSON
cat > node_modules/react/index.d.ts <<'TS'
export = React;
export as namespace React;
declare namespace React {
  type Key = string | number | bigint;
  interface Attributes { key?: Key | null | undefined }
  interface RefObject<T> { current: T | null }
  type Ref<T> = RefObject<T> | ((instance: T | null) => void) | null;
  interface RefAttributes<T> extends Attributes { ref?: Ref<T> | undefined }
  interface DOMAttributes<T> { children?: unknown; onClick?: (event: MouseEvent) => void }
  interface HTMLAttributes<T> extends DOMAttributes<T> {
    id?: string; className?: string; hidden?: boolean; lang?: string; title?: string; nonce?: string;
    color?: string; style?: Record<string, string | number>; tabIndex?: number;
  }
  function useRef<T>(initial: T | null): RefObject<T>;
  namespace JSX {
    interface Element { type: unknown; props: unknown }
    interface ElementChildrenAttribute { children: {} }
    interface IntrinsicAttributes extends React.Attributes {}
    interface IntrinsicElements { div: HTMLAttributes<HTMLDivElement> & RefAttributes<HTMLDivElement> }
  }
}
TS
cat > node_modules/react/jsx-runtime.d.ts <<'TS'
import * as React from './index.js';
export namespace JSX {
  interface Element extends React.JSX.Element {}
  interface ElementChildrenAttribute extends React.JSX.ElementChildrenAttribute {}
  interface IntrinsicAttributes extends React.JSX.IntrinsicAttributes {}
  interface IntrinsicElements extends React.JSX.IntrinsicElements {}
}
export function jsx(type: unknown, props: unknown, key?: unknown): React.JSX.Element;
export function jsxs(type: unknown, props: unknown, key?: unknown): React.JSX.Element;
export const Fragment: unique symbol;
TS
cat > node_modules/vue/package.json <<'JSON'
{ "name": "vue", "version": "3.5.0-stand-in", "types": "index.d.ts", "exports": { ".": { "types": "./index.d.ts" } } }
JSON
cat > node_modules/vue/index.d.ts <<'TS'
export interface GlobalComponents {}
export declare function defineComponent<T>(options: T): T;
TS

cat > tsconfig.json <<'JSON'
{
  "compilerOptions": {
    "strict": true, "noEmit": true, "target": "es2022", "lib": ["es2022", "dom", "dom.iterable"],
    "module": "node16", "moduleResolution": "node16", "jsx": "react-jsx", "skipLibCheck": false,
    "types": []
  }
}
JSON
# The good project: every use a consumer makes, all typed.
mkdir good
cat > good/app.tsx <<'TSX'
import 'siwa-buttons-element';
import type {} from 'siwa-buttons-element/react';
import type { AppleSignInButton, AppleSignInLocale, AppleSignInSuccessDetail } from 'siwa-buttons-element';
import { ATTRIBUTES, LOCALES } from 'siwa-buttons-element/api';
import { useRef } from 'react';

// The API as data: each attribute's name and values, the 37 locales typed.
const renders: readonly string[] | undefined = ATTRIBUTES.find((a) => a.name === 'render')?.values;
const first: AppleSignInLocale = LOCALES[0];

// createElement is typed by the tag: the element's methods and events, no cast.
const button = document.createElement('apple-signin-button');
const typed: AppleSignInButton = button;
button.setAttribute('locale', 'de_DE');
button.render();
void button.start().then(() => undefined);
button.addEventListener('appleid-success', (event) => {
  const detail: AppleSignInSuccessDetail = event.detail;
  console.log(detail.authorization.id_token, detail.user?.email);
});
button.addEventListener('appleid-failure', (event) => console.log(event.detail.error));
const found: AppleSignInButton | null = document.querySelector('apple-signin-button');
const locale: AppleSignInLocale = 'ja_JP';

export function SignIn() {
  const ref = useRef<AppleSignInButton>(null);
  return (
    <div>
      <apple-signin-button ref={ref} client-id="com.example.web" redirect-uri="https://example.com/callback"
        use-popup="true" session-url="/auth/apple/session" color="auto" width="100%" height={44} locale={locale}
        mode="left-align" logo-size="large" label-position="40" className="siwa" render="drawn"
        onappleid-success={(event) => console.log(event.detail.authorization.code)}
        onappleid-failure={(event) => console.log(event.detail.error)} />
    </div>
  );
}
export { typed, found, renders, first };
TSX
cat > good/vue-usage.ts <<'TS'
import type { GlobalComponents } from 'vue';
import type {} from 'siwa-buttons-element/vue';

// What Volar checks a template's <apple-signin-button ... @appleid-success="..."> against.
type Props = InstanceType<GlobalComponents['apple-signin-button']>['$props'];
export const props: Props = {
  locale: 'fr_FR', type: 'continue', 'border-radius': 50, 'client-id': 'com.example.web',
  onAppleidSuccess: (event) => console.log(event.detail.authorization.state),
  onAppleidFailure: (event) => console.log(event.detail.error),
};
export const el: HTMLElement = (null as unknown as InstanceType<GlobalComponents['apple-signin-button']>).$el;
TS
run_tsc() {  # run_tsc NAME FILES...: the type-check of those files; its output in NAME.log
  local name=$1; shift
  printf '{ "extends": "./tsconfig.json", "files": [%s] }\n' "$(printf '"%s",' "$@" | sed 's/,$//')" > "tsconfig.$name.json"
  tsc -p "tsconfig.$name.json" > "$name.log" 2>&1
}
if run_tsc good good/app.tsx good/vue-usage.ts; then
  ok "tsc $(tsc --version | cut -d' ' -f2): TSX, createElement typed as the element, Vue-style props: no error"
else
  fail "the good consumer does not type-check:"; sed 's/^/        /' good.log
fi

# The failing twins: each must fail, with the error expected.
mkdir bad
twin() {  # twin NAME EXPECTED-TEXT FILE-CONTENT
  local name=$1 expected=$2 ext=tsx
  case $name in *vue*|*method*) ext=ts ;; esac
  printf '%s\n' "$3" > "bad/$name.$ext"
  if run_tsc "$name" "bad/$name.$ext"; then
    fail "$name: type-checks, but must fail"
  elif grep -q -- "$expected" "$name.log"; then
    ok "$name: fails ($(grep -o 'error TS[0-9]*' "$name.log" | head -1))"
  else
    fail "$name: fails, but not with '$expected':"; sed 's/^/        /' "$name.log"
  fi
}
prelude="import 'siwa-buttons-element'; import type {} from 'siwa-buttons-element/react';"
twin misspelt-tag "apple-signin-buton" "$prelude export const a = <apple-signin-buton client-id=\"x\" />;"
twin misspelt-attribute "colr" "$prelude export const a = <apple-signin-button colr=\"white\" />;"
twin bad-locale "xx_XX" "$prelude export const a = <apple-signin-button locale=\"xx_XX\" />;"
twin bad-colour "purple" "$prelude export const a = <apple-signin-button color=\"purple\" />;"
twin misspelt-method "strat" "import 'siwa-buttons-element'; document.createElement('apple-signin-button').strat();"
twin bad-vue-locale "en_XX" "import type { GlobalComponents } from 'vue'; import type {} from 'siwa-buttons-element/vue';
export const p: InstanceType<GlobalComponents['apple-signin-button']>['\$props'] = { locale: 'en_XX' };"

if [ "$failed" = 0 ]; then echo "check-element-package: all checks passed"; else echo "check-element-package: FAILED"; fi
exit $failed
