#!/usr/bin/env bash
# The deployment recipes, checked without a cluster or a CDN account (seconds):
#  - the lean install (e2e/check-lean-install.sh);
#  - deploy/kubernetes/: kubernetes-validate --strict (its bundled schemas, the oldest
#    Kubernetes we aim at and its newest), then what the manifests must say beyond the
#    schema (e2e/check_kubernetes.py), and `nginx -t` on the optional cache's config;
#  - deploy/cdn/: cfn-lint on the CloudFormation template, its viewer-request function
#    run under node (e2e/check-cloudfront-function.js), and the parameter names each
#    recipe keys on (CloudFront, the function, Fastly, Cloudflare) equal to the service's
#    own, from `siwa-buttons schema`.
#   bash e2e/check-deploy.sh [BINARY]     (default .build/debug/siwa-buttons)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/.build/debug/siwa-buttons}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cd "$root"

bash e2e/check-lean-install.sh

kube=(deploy/kubernetes/*.yaml deploy/kubernetes/nginx-cache/*.yaml)
for version in 1.30.0 1.37.0; do
  kubernetes-validate --strict --quiet -k "$version" "${kube[@]}"
done
echo "kubernetes-validate --strict (1.30, 1.37): ${#kube[@]} files passed"
python3 e2e/check_kubernetes.py

# The cache's nginx.conf as nginx reads it, with the Service's name pointed at loopback
# (nothing resolves it here) and its paths in a scratch folder.
python3 - "$work" <<'PY'
import pathlib, sys, yaml
work = pathlib.Path(sys.argv[1])
docs = yaml.safe_load_all(open("deploy/kubernetes/nginx-cache/nginx-cache.yaml"))
conf = next(d for d in docs if d["kind"] == "ConfigMap")["data"]["nginx.conf"]
conf = conf.replace("server siwa-buttons:80", "server 127.0.0.1:18139").replace("/tmp/", f"{work}/").replace("/var/cache/nginx/", f"{work}/cache/")
(work / "cache").mkdir()
(work / "nginx.conf").write_text(conf)
PY
nginx -q -t -e stderr -p "$work" -c "$work/nginx.conf"
echo "nginx -t: deploy/kubernetes/nginx-cache's nginx.conf passed"

cfn-lint deploy/cdn/cloudfront.yaml
echo "cfn-lint: deploy/cdn/cloudfront.yaml passed"
python3 - "$work" <<'PY'
import sys, yaml
template = yaml.safe_load(open("deploy/cdn/cloudfront.yaml"))
open(f"{sys.argv[1]}/function.js", "w").write(template["Resources"]["NormalizeQueryFunction"]["Properties"]["FunctionCode"])
PY
node e2e/check-cloudfront-function.js "$work/function.js"

# Each recipe keys on exactly the service's parameters (Apple's, format, v).
"$bin" schema >"$work/schema.json"
python3 - "$work" <<'PY'
import json, re, sys, yaml
work = sys.argv[1]
service = sorted(p["name"] for p in json.load(open(f"{work}/schema.json"))["parameters"])
template = yaml.safe_load(open("deploy/cdn/cloudfront.yaml"))["Resources"]
function = template["NormalizeQueryFunction"]["Properties"]["FunctionCode"]
recipes = {
    "cloudfront.yaml cache policy": template["ButtonCachePolicy"]["Properties"]["CachePolicyConfig"]
        ["ParametersInCacheKeyAndForwardedToOrigin"]["QueryStringsConfig"]["QueryStrings"],
    "cloudfront.yaml function NAMES": re.findall(r"'([^']+)'", re.search(r"var NAMES = \[(.*?)\];", function, re.S).group(1)),
    "fastly.vcl filter_except": re.findall(r'"([a-z_-]+)" \+ querystring\.filtersep\(\)|"([a-z_-]+)"\);', open("deploy/cdn/fastly.vcl").read()),
    "cloudflare-cache-rule.json include": json.load(open("deploy/cdn/cloudflare-cache-rule.json"))
        ["action_parameters"]["cache_key"]["custom_key"]["query_string"]["include"]["list"],
}
recipes["fastly.vcl filter_except"] = [a or b for a, b in recipes["fastly.vcl filter_except"]]
failed = False
for name, keys in recipes.items():
    if sorted(keys) != service:
        print(f"FAIL deploy/cdn/{name}: {sorted(keys)} is not the service's {service}")
        failed = True
print(f"deploy/cdn: {len(recipes)} cache keys = the service's {len(service)} parameters: {'FAILED' if failed else 'passed'}")
sys.exit(1 if failed else 0)
PY
echo "deployment checks: passed"
