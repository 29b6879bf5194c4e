"""What deploy/kubernetes/ must say beyond its schema (kubernetes-validate checks that):
the probes on the service's endpoints, a non-root read-only container whose user is the
image's, resources, a grace period longer than the drain, and an HPA and a budget that
point at the Deployment. Prints one line per failure; exit 1 if any.
    python3 e2e/check_kubernetes.py
"""

import pathlib
import re
import sys

import yaml
from harness.failures import Failures

root = pathlib.Path(__file__).resolve().parent.parent
kube = root / "deploy" / "kubernetes"
docs = {}
for path in sorted(kube.rglob("*.yaml")):
    for doc in yaml.safe_load_all(path.read_text()):
        docs[(doc["kind"], doc["metadata"]["name"])] = doc
failures = Failures()


def need(ok, problem):
    """Records `problem` unless `ok` (a pass prints nothing: the problems are the lines)."""
    if not ok:
        failures.check(False, problem)


deployment = docs[("Deployment", "siwa-buttons")]
pod = deployment["spec"]["template"]["spec"]
container = next(c for c in pod["containers"] if c["name"] == "siwa-buttons")
# The probes run the image's own check (no curl in the image; podman kube play would run
# an httpGet probe as curl inside the container), which exists in the image.
probe = lambda name: container.get(name, {}).get("exec", {}).get("command", [])
check = "/opt/siwa-buttons/container/healthcheck.sh"
need(probe("livenessProbe") == [check, "/healthz"], "liveness probe is not the image's check of /healthz")
need(probe("readinessProbe") == [check, "/readyz"], "readiness probe is not the image's check of /readyz")
need(probe("startupProbe") == [check, "/healthz"], "startup probe is not the image's check of /healthz")
need(
    f"COPY entrypoint.sh healthcheck.sh {check.rsplit('/', 1)[0]}/"
    in (root / "deploy" / "container" / "Containerfile").read_text(),
    f"the image has no {check}",
)

# The user the image runs as (Containerfile `USER uid`) is the one the pod asks for.
containerfile = (root / "deploy" / "container" / "Containerfile").read_text()
image_user = re.search(r"^USER\s+(\d+)", containerfile, re.MULTILINE)
need(image_user is not None, "Containerfile has no numeric USER")
need(pod["securityContext"].get("runAsNonRoot") is True, "pod does not require a non-root user")
if image_user:
    need(
        pod["securityContext"].get("runAsUser") == int(image_user.group(1)),
        f"pod runAsUser is not the image's user {image_user.group(1)}",
    )
security = container["securityContext"]
need(security.get("readOnlyRootFilesystem") is True, "root filesystem is not read-only")
need(security.get("allowPrivilegeEscalation") is False, "privilege escalation is allowed")
need(security.get("capabilities", {}).get("drop") == ["ALL"], "capabilities are not all dropped")
# A read-only root needs a writable TMPDIR for exports.
mounts = {m["mountPath"] for m in container.get("volumeMounts", [])}
tmpdir = next((e["value"] for e in container.get("env", []) if e["name"] == "TMPDIR"), "/tmp")
need(tmpdir in mounts, f"TMPDIR {tmpdir} is not a mounted volume (read-only root)")

resources = container.get("resources", {})
need("cpu" in resources.get("requests", {}), "no CPU request (the HPA scales against it)")
need("memory" in resources.get("limits", {}), "no memory limit")
args = container.get("args", [])
need(args[:1] == ["serve"] and "0.0.0.0" in args, "container does not run `serve --host 0.0.0.0`")
port = args[args.index("--port") + 1] if "--port" in args else "8080"
# No ports list: podman kube play publishes each listed port on the host, once per replica.
need("ports" not in container, "the container lists ports (podman kube play publishes them on the host)")

# SIGTERM: /readyz fails for --drain-seconds while requests are still served, long
# enough for the readiness probe to take the pod out of the Service; then the requests
# in flight are answered (30 s, as deploy/siwa-buttons.service's TimeoutStopSec). The
# grace period must cover both, or SIGKILL cuts the drain short.
readiness = container["readinessProbe"]
unready_after = readiness.get("periodSeconds", 10) * readiness.get("failureThreshold", 3)
drain_seconds = int(args[args.index("--drain-seconds") + 1]) if "--drain-seconds" in args else 0
need(
    drain_seconds >= unready_after,
    f"--drain-seconds {drain_seconds} is shorter than the readiness probe takes to fail ({unready_after} s)",
)
unit = (root / "deploy" / "siwa-buttons.service").read_text()
in_flight = int(re.search(r"^TimeoutStopSec=(\d+)", unit, re.MULTILINE).group(1))
grace = pod.get("terminationGracePeriodSeconds", 30)
need(
    grace > drain_seconds + in_flight,
    f"terminationGracePeriodSeconds {grace} is not longer than the drain ({drain_seconds} + {in_flight} s)",
)
# The process bounds its own stop: after the drain, --stop-grace (default 25 s) for the
# requests in flight, then a second for the 503s, then it exits. Both the pod's grace and
# the unit's must let it, or SIGKILL comes first and the line naming stuck renders is lost.
stop_grace = int(args[args.index("--stop-grace") + 1]) if "--stop-grace" in args else 25
need(
    grace > drain_seconds + stop_grace + 1,
    f"terminationGracePeriodSeconds {grace} is not longer than the drain, --stop-grace and 1 s "
    f"({drain_seconds} + {stop_grace} + 1 s)",
)
need(in_flight > stop_grace + 1, f"TimeoutStopSec={in_flight} is not longer than --stop-grace {stop_grace} + 1 s")

service = docs[("Service", "siwa-buttons")]
pod_labels = deployment["spec"]["template"]["metadata"]["labels"]
need(service["spec"]["selector"].items() <= pod_labels.items(), "Service selector does not select the pods")
need([str(p["targetPort"]) for p in service["spec"]["ports"]] == [port], "the Service's targetPort is not the pods' --port")
hpa = docs[("HorizontalPodAutoscaler", "siwa-buttons")]
need(hpa["spec"]["scaleTargetRef"]["name"] == "siwa-buttons", "HPA does not scale the Deployment")
need(any(m.get("resource", {}).get("name") == "cpu" for m in hpa["spec"]["metrics"]), "HPA does not scale on CPU")
need(hpa["spec"]["minReplicas"] >= 2, "HPA allows fewer than 2 replicas (no budget for a disruption)")
pdb = docs[("PodDisruptionBudget", "siwa-buttons")]
need(pdb["spec"]["selector"]["matchLabels"].items() <= pod_labels.items(), "PodDisruptionBudget does not select the pods")

cache = docs[("Deployment", "siwa-buttons-cache")]["spec"]["template"]["spec"]["containers"][0]
need(cache["securityContext"].get("readOnlyRootFilesystem") is True, "nginx cache root filesystem is not read-only")

print(f"deploy/kubernetes: {len(docs)} resources")
sys.exit(failures.summary("deploy/kubernetes"))
