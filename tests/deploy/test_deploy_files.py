"""Static checks of deploy/: no Docker engine or cluster here, so the files are read, not run.

Each test states a rule an operator relies on (probes, non-root, no secrets, settings that the app
really reads) and fails with the offending file and value.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
K8S = DEPLOY / "k8s"
SECRET_ENV = re.compile(r"TOKEN|SECRET|PASSWORD|REDIS_URL")


def k8s_docs() -> list[dict[str, Any]]:
    docs: list[dict[str, Any]] = []
    for path in sorted(K8S.glob("*.yaml")):
        docs += [d for d in yaml.safe_load_all(path.read_text()) if d]
    return docs


def one(kind: str, name: str | None = None) -> dict[str, Any]:
    found = [d for d in k8s_docs() if d["kind"] == kind and name in (None, d["metadata"]["name"])]
    assert len(found) == 1, f"expected one {kind} {name or ''}, found {len(found)}"
    return found[0]


def bot_container() -> dict[str, Any]:
    pod = one("Deployment", "gpu-advisor")["spec"]["template"]["spec"]
    (container,) = pod["containers"]
    return dict(container)


def settings_env_names() -> set[str]:
    """The variables bot/config.py actually reads (Settings.from_env is the only reader)."""
    source = (ROOT / "bot" / "config.py").read_text()
    return set(re.findall(r'(?:opt|secret|number)\("([A-Z_]+)"', source))


def test_every_yaml_file_in_deploy_parses() -> None:
    paths = sorted(DEPLOY.rglob("*.yaml")) + sorted(DEPLOY.rglob("*.yml"))
    assert paths
    for path in paths:
        list(yaml.safe_load_all(path.read_text()))


def test_every_kubernetes_object_has_api_version_kind_and_name() -> None:
    for doc in k8s_docs():
        if doc.get("kind") == "Kustomization":
            continue
        assert doc.get("apiVersion") and doc.get("kind") and doc["metadata"].get("name"), doc


def test_kustomization_lists_every_manifest_and_nothing_missing() -> None:
    listed = set(yaml.safe_load((K8S / "kustomization.yaml").read_text())["resources"])
    present = {p.name for p in K8S.glob("*.yaml")} - {"kustomization.yaml"}
    assert listed == present


def test_the_bot_runs_at_least_two_replicas_that_never_all_go_down_together() -> None:
    deployment = one("Deployment", "gpu-advisor")
    assert deployment["spec"]["replicas"] >= 2
    assert deployment["spec"]["strategy"]["rollingUpdate"]["maxUnavailable"] == 0
    assert one("PodDisruptionBudget")["spec"]["minAvailable"] >= 1


def test_readiness_checks_readyz_and_liveness_checks_healthz_on_the_app_port() -> None:
    container = bot_container()
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    for probe in ("readinessProbe", "livenessProbe", "startupProbe"):
        assert container[probe]["httpGet"]["port"] in ports
    configmap = one("ConfigMap", "gpu-advisor")["data"]
    assert ports["http"] == int(configmap["PORT"]) == 3000


def test_every_container_sets_cpu_and_memory_requests_and_limits() -> None:
    for doc in k8s_docs():
        if doc["kind"] not in ("Deployment", "StatefulSet"):
            continue
        for container in doc["spec"]["template"]["spec"]["containers"]:
            for bound in ("requests", "limits"):
                assert {"cpu", "memory"} <= set(container["resources"][bound]), (doc["kind"], bound)


def test_pods_run_as_a_non_root_user_without_privilege_escalation() -> None:
    for doc in k8s_docs():
        if doc["kind"] not in ("Deployment", "StatefulSet"):
            continue
        pod = doc["spec"]["template"]["spec"]
        assert pod["securityContext"]["runAsNonRoot"] is True
        assert pod["securityContext"]["runAsUser"] != 0
        for container in pod["containers"]:
            assert container["securityContext"]["allowPrivilegeEscalation"] is False


def test_secrets_are_referenced_from_kubernetes_secrets_never_written_inline() -> None:
    for doc in k8s_docs():
        assert doc["kind"] != "Secret", "Secret values must not be committed; create them with kubectl"
        if doc["kind"] == "ConfigMap":
            assert not [k for k in doc["data"] if SECRET_ENV.search(k)]
    env = {e["name"]: e for e in bot_container()["env"]}
    for name in ("SLACK_BOT_TOKEN", "SLACK_SIGNING_SECRET", "REDIS_URL"):
        assert "value" not in env[name]
        assert env[name]["valueFrom"]["secretKeyRef"]["name"]


def test_the_service_routes_to_the_bot_pods_by_port_name() -> None:
    service = one("Service", "gpu-advisor")
    pod_labels = one("Deployment", "gpu-advisor")["spec"]["template"]["metadata"]["labels"]
    assert service["spec"]["selector"].items() <= pod_labels.items()
    assert service["spec"]["ports"][0]["targetPort"] in {p["name"] for p in bot_container()["ports"]}


def test_in_cluster_redis_persists_to_a_volume_or_a_managed_redis_is_documented() -> None:
    redis = one("StatefulSet", "gpu-advisor-redis")
    (container,) = redis["spec"]["template"]["spec"]["containers"]
    assert container["image"].startswith("redis:7")
    assert container["args"][container["args"].index("--appendonly") + 1] == "yes"
    assert container["args"][container["args"].index("--maxmemory-policy") + 1] == "noeviction"
    mount = {m["name"]: m["mountPath"] for m in container["volumeMounts"]}
    assert mount[redis["spec"]["volumeClaimTemplates"][0]["metadata"]["name"]] == "/data"
    assert "managed Redis" in (K8S / "redis.yaml").read_text()


def test_configured_variables_are_ones_the_app_reads() -> None:
    known = settings_env_names()
    assert {"SLACK_BOT_TOKEN", "REDIS_URL", "PORT"} <= known  # the parser found config.py's names
    configmap = set(one("ConfigMap", "gpu-advisor")["data"])
    container_env = {e["name"] for e in bot_container()["env"]}
    compose_env = set(compose()["services"]["bot"]["environment"])
    example = set(re.findall(r"^#? ?([A-Z][A-Z0-9_]+)=", (DEPLOY / ".env.example").read_text(), re.M))
    example -= COMPOSE_ONLY
    for where, names in (
        ("configmap", configmap),
        ("deployment env", container_env),
        ("compose", compose_env),
        (".env.example", example),
    ):
        assert names <= known, f"{where} sets variables the app never reads: {sorted(names - known)}"


# Variables of deploy/.env that Compose itself reads (interpolation), not the app.
COMPOSE_ONLY = {"REDIS_PASSWORD"}


def compose() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((DEPLOY / "docker-compose.yml").read_text())
    return data


def test_compose_runs_two_bot_replicas_on_redis_with_persistence() -> None:
    services = compose()["services"]
    bot, redis = services["bot"], services["redis"]
    assert bot["deploy"]["replicas"] >= 2
    assert bot["env_file"] == [".env"]
    assert bot["environment"]["REDIS_URL"].startswith("redis://:${REDIS_PASSWORD")
    assert bot["environment"]["REDIS_URL"].endswith("@redis:6379/0")
    assert bot["depends_on"]["redis"]["condition"] == "service_healthy"
    assert redis["image"].startswith("redis:7")
    assert "--appendonly yes" in " ".join(redis["command"])
    assert redis["healthcheck"]["test"][-1] == "ping"
    volume = redis["volumes"][0].split(":")
    assert volume[1] == "/data" and volume[0] in compose()["volumes"]
    assert "ports" not in bot, "replicas cannot share a host port; the proxy publishes one"


def test_the_compose_proxy_forwards_to_the_bot_service() -> None:
    proxy = compose()["services"]["proxy"]
    conf_path = proxy["volumes"][0].split(":")[0]
    conf = (DEPLOY / conf_path).read_text()
    assert re.search(r"server\s+bot:3000\b", conf)
    assert proxy["ports"][0].endswith(":" + re.search(r"listen\s+(\d+)", conf)[1])  # type: ignore[index]


def test_the_env_example_holds_placeholders_only_and_the_real_env_is_git_ignored() -> None:
    text = (DEPLOY / ".env.example").read_text()
    values = dict(re.findall(r"^([A-Z][A-Z0-9_]+)=(.*)$", text, re.M))
    assert values["SLACK_BOT_TOKEN"] == "xoxb-your-bot-token"
    assert "your" in values["SLACK_SIGNING_SECRET"]
    if shutil.which("git") and (ROOT / ".git").exists():
        ignored = subprocess.run(["git", "check-ignore", "-q", "deploy/.env"], cwd=ROOT)
        assert ignored.returncode == 0, "deploy/.env must be git-ignored"


# Real credential shapes (api.slack.com/authentication/token-types): numeric team/user parts
# and a long random tail. Placeholders like xoxb-your-bot-token do not match.
CREDENTIAL = re.compile(
    r"xox[abpr]-\d{6,}-\d{6,}-[A-Za-z0-9]{20,}"
    r"|xapp-\d-[A-Z0-9]{8,}-\d{6,}-[a-f0-9]{32,}"
    r"|-----BEGIN (?:RSA |EC |OPENSSH )?PRIVATE KEY-----"
    r"|rediss?://[^:\s/@]*:(?![\[<{$])[^@\s/]{6,}@"  # templates like {password} or ${PW} pass
)


def test_no_tracked_file_contains_a_credential() -> None:
    if not (shutil.which("git") and (ROOT / ".git").exists()):
        pytest.skip("not a git checkout")
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    leaks = []
    for name in filter(None, files.decode().split("\0")):
        path = ROOT / name
        if path.is_file() and path.stat().st_size < 2_000_000:
            text = path.read_text(errors="ignore")
            leaks += [f"{name}: {m.group(0)[:12]}..." for m in CREDENTIAL.finditer(text)]
    assert leaks == []


def redis_maxmemory_mib(args: str) -> int:
    value = re.search(r"--maxmemory\s+(\d+)mb", args)
    assert value, f"no --maxmemory in {args!r}"
    return int(value[1])


def mib(quantity: str) -> float:
    """A Kubernetes or Compose memory quantity in MiB (640Mi, 640m, 768M)."""
    number, unit = re.fullmatch(r"(\d+)([A-Za-z]*)", quantity).groups()  # type: ignore[union-attr]
    return int(number) * {"Mi": 1, "M": 1, "m": 1, "Gi": 1024, "G": 1024, "g": 1024}[unit]


def test_redis_never_evicts_and_has_room_for_an_aof_rewrite() -> None:
    """noeviction keeps sessions, queued turns and de-dup markers; a rewrite forks (copy-on-write),
    so the container limit must leave about as much again as maxmemory on top of it."""
    (k8s,) = one("StatefulSet", "gpu-advisor-redis")["spec"]["template"]["spec"]["containers"]
    k8s_args = " ".join(k8s["args"])
    compose_redis = compose()["services"]["redis"]
    compose_args = " ".join(compose_redis["command"])
    for args, limit in (
        (k8s_args, k8s["resources"]["limits"]["memory"]),
        (compose_args, compose_redis["mem_limit"]),
    ):
        assert "--maxmemory-policy noeviction" in args
        assert mib(limit) >= 2 * redis_maxmemory_mib(args), (limit, args)


def test_redis_requires_a_password_from_a_secret_and_admits_only_the_bot() -> None:
    (k8s,) = one("StatefulSet", "gpu-advisor-redis")["spec"]["template"]["spec"]["containers"]
    env = {e["name"]: e for e in k8s["env"]}
    assert k8s["args"][k8s["args"].index("--requirepass") + 1] == "$(REDIS_PASSWORD)"
    assert env["REDIS_PASSWORD"]["valueFrom"]["secretKeyRef"] == {
        "name": "gpu-advisor-redis",
        "key": "password",
    }
    policy = one("NetworkPolicy", "gpu-advisor-redis")
    bot_labels = one("Deployment", "gpu-advisor")["spec"]["template"]["metadata"]["labels"]
    assert policy["spec"]["podSelector"]["matchLabels"] == {"app.kubernetes.io/name": "gpu-advisor-redis"}
    (rule,) = policy["spec"]["ingress"]
    (source,) = rule["from"]
    assert source["podSelector"]["matchLabels"].items() <= bot_labels.items()
    assert [p["port"] for p in rule["ports"]] == [6379]
    assert '--requirepass "$$REDIS_PASSWORD"' in " ".join(compose()["services"]["redis"]["command"])


def test_compose_publishes_only_slack_events_and_drops_capabilities() -> None:
    services = compose()["services"]
    conf = (DEPLOY / "nginx.conf").read_text()
    blocks = re.split(r"\blocation\s+", conf)[1:]  # each starts with its match, then its body
    proxied = [block.split("{")[0].replace(" ", "") for block in blocks if "proxy_pass" in block]
    assert proxied == ["=/slack/events"]
    assert [s for s, svc in services.items() if "ports" in svc] == ["proxy"]
    for name, service in services.items():
        assert service["cap_drop"] == ["ALL"], name
        assert "no-new-privileges:true" in service["security_opt"], name


DIGEST = re.compile(r"@sha256:[0-9a-f]{64}$")


def test_every_third_party_image_is_pinned_by_digest() -> None:
    images = [svc["image"] for svc in compose()["services"].values() if "build" not in svc]
    for doc in k8s_docs():
        if doc["kind"] == "StatefulSet":
            images += [c["image"] for c in doc["spec"]["template"]["spec"]["containers"]]
    assert images
    assert [i for i in images if not DIGEST.search(i)] == []
