"""recommend --emit skypilot|dstack against the launchers' own schemas: the keys, types and value
formats each tool's current version accepts, transcribed below from its source, checked with
python3-jsonschema on real emitted files (single node, spot, multi-node, owned cluster, hostile
strings). The files also use the current documented form where a tool accepts two: SkyPilot's
`infra: cloud/region`, not the older `cloud:`/`region:` keys (docs/cli.md "Launch the pick").

Sources, as read for this test:
- SkyPilot sky/utils/schemas.py at 00052dfe0d132c5ad6aa9a175572b0695f747c80 (get_task_schema,
  _get_single_resources_schema, get_resources_schema, _get_infra_pattern) and
  sky/skylet/constants.py at 0015e8ecf7387add6114d98bd9b38cbb480d605f (ALL_CLOUDS,
  MEMORY_SIZE_PATTERN), github.com/skypilot-org/skypilot; docs/source/reference/yaml-spec.rst
  documents `infra` and no longer `cloud`/`region`.
- dstack src/dstack/_internal/core/models/configurations.py (TaskConfiguration and its bases),
  profiles.py (ProfileParams, SpotPolicy, CreationPolicy), resources.py (ResourcesSpec, GPUSpec.parse,
  Range._parse, Memory.parse) and backends/base.py (BackendType) at
  511c318c8a7672fb2a925041bfc2d7301a26272e, github.com/dstackai/dstack."""
import re
import sys
from pathlib import Path

import jsonschema

from checks import Checks
from launch_cases import HOSTILE_JOB_FLAGS, emitted_yaml, isolated_runner, write_hostile_catalog

binary, source_dir = sys.argv[1], Path(sys.argv[2])
checks = Checks()
work, run = isolated_runner(binary)

# ---- SkyPilot (schemas.py, constants.py) ----
ALL_CLOUDS = ('aws', 'azure', 'gcp', 'ibm', 'lambda', 'scp', 'oci', 'kubernetes', 'runpod', 'vast', 'vsphere', 'cudo',
              'fluidstack', 'paperspace', 'primeintellect', 'do', 'nebius', 'ssh', 'slurm', 'hyperbolic', 'seeweb',
              'shadeform', 'yotta', 'mithril', 'verda')
MEMORY_SIZE_UNITS = ('kb', 'ki', 'mb', 'mi', 'gb', 'gi', 'tb', 'ti', 'pb', 'pi')
MEMORY_SIZE_PATTERN = ('^[0-9]+(' + '|'.join(MEMORY_SIZE_UNITS) + '|' + '|'.join(u.upper() for u in MEMORY_SIZE_UNITS)
                       + '|' + '|'.join(u[0].upper() + u[1:] for u in MEMORY_SIZE_UNITS) + ')?$')
_clouds = [cloud for cloud in ALL_CLOUDS if cloud != 'kubernetes']
INFRA_PATTERN = ('^(?:' + f'(?i:({"|".join(_clouds)}))' + '(?:/[^/]+(?:/[^/]+)?)?|'
                 + '\\*(?:/[^/]+(?:/[^/]+)?)?|' + '(?i:kubernetes|k8s)(?:/.+)?)$')
STRING_OR_NUMBER = {'anyOf': [{'type': 'string'}, {'type': 'number'}]}
DISK_SIZE = {'anyOf': [{'type': 'string', 'pattern': MEMORY_SIZE_PATTERN}, {'type': 'integer'}]}
# get_resources_schema(): _get_single_resources_schema()'s properties with `accelerators` redefined,
# plus any_of/ordered; additionalProperties False. Keys we never write keep only their outer type.
SKYPILOT_RESOURCES = {
    'type': 'object',
    'additionalProperties': False,
    'properties': {
        'cloud': {'type': 'string'},
        'region': {'type': 'string'},
        'zone': {'type': 'string'},
        'infra': {'type': 'string', 'pattern': INFRA_PATTERN},
        'cpus': STRING_OR_NUMBER,
        'memory': STRING_OR_NUMBER,
        'accelerators': {'anyOf': [{'type': 'string'},
                                   {'type': 'object', 'additionalProperties': {'anyOf': [{'type': 'null'},
                                                                                         {'type': 'number'}]}},
                                   {'type': 'array', 'items': {'type': 'string'}}]},
        'instance_type': {'type': 'string'},
        'use_spot': {'type': 'boolean'},
        'job_recovery': {'anyOf': [{'type': 'string'}, {'type': 'object'}]},
        'volumes': {'type': 'array'},
        'disk_size': DISK_SIZE,
        'ephemeral_storage': DISK_SIZE,
        'disk_tier': {'type': 'string'},
        'network_tier': {'type': 'string'},
        'local_disk': {'type': 'string'},
        'max_hourly_cost': {'type': 'number', 'exclusiveMinimum': 0},
        'ports': {},
        'labels': {'type': 'object', 'additionalProperties': {'type': 'string'}},
        'accelerator_args': {'type': 'object'},
        '_no_missing_accel_warnings': {'type': 'boolean'},
        'image_id': {'anyOf': [{'type': 'string'}, {'type': 'object'}, {'type': 'null'}]},
        'autostop': {},
        'priority': {'type': 'integer', 'minimum': -1000, 'maximum': 1000},
        'priority_class': {'type': 'string'},
        '_docker_login_config': {'type': 'object'},
        '_is_image_managed': {'type': 'boolean'},
        '_requires_fuse': {'type': 'boolean'},
        '_cluster_config_overrides': {'type': 'object'},
        'any_of': {'type': 'array'},
        'ordered': {'type': 'array'},
    },
}
# get_resources_schema(): each entry of any_of is one _get_single_resources_schema() (gpuselect writes
# them for a row priced alike in the regions --region kept: one `infra: cloud/region` each).
SKYPILOT_RESOURCES['properties']['any_of'] = {
    'type': 'array', 'minItems': 1,
    'items': {**SKYPILOT_RESOURCES, 'properties': {key: value for key, value in SKYPILOT_RESOURCES['properties'].items()
                                                    if key not in ('any_of', 'ordered')}}}
# get_task_schema(): additionalProperties False; `resources` is validated by the schema above.
SKYPILOT_TASK = {
    'type': 'object',
    'additionalProperties': False,
    'properties': {
        'name': {'type': 'string'},
        'workdir': {'anyOf': [{'type': 'string'}, {'type': 'object'}]},
        'event_callback': {'type': 'string'},
        'num_nodes': {'type': 'integer'},
        'resources': SKYPILOT_RESOURCES,
        'file_mounts': {'type': 'object'},
        'service': {'type': 'object'},
        'pool': {'type': 'object'},
        'setup': {'type': 'string'},
        'run': {'type': 'string'},
        'envs': {'type': 'object'},
        'secrets': {'anyOf': [{'type': 'object'}, {'type': 'array'}]},
        'managed_secrets': {'type': 'array'},
        'inputs': {'type': 'object'},
        'outputs': {'type': 'object'},
        'file_mounts_mapping': {'type': 'object'},
        'config': {'type': 'object'},
        'volumes': {'type': 'object'},
        'volume_mounts': {'type': 'array'},
        'api_server_access': {'type': 'boolean'},
        '_metadata': {'type': 'object'},
    },
}

# get_service_schema(): the top-level `service:` of a SkyServe file; additionalProperties False.
# Keys we never write keep only their outer type.
SKYPILOT_SERVICE = {
    'type': 'object',
    'additionalProperties': False,
    'properties': {
        'readiness_probe': {'anyOf': [{'type': 'string'}, {'type': 'object', 'required': ['path']}]},
        'load_balancer': {'type': 'object'},
        'pool': {'type': 'object'},
        'replica_policy': {'type': 'object', 'required': ['min_replicas']},
        'ports': {'type': 'integer'},
        'replicas': {'type': 'integer'},
        'workers': {'type': 'integer'},
        'load_balancing_policy': {'type': 'string'},
        'tls': {'type': 'object', 'required': ['keyfile', 'certfile']},
    },
}

# ---- dstack (pydantic models; extra fields are forbidden) ----
BACKEND_TYPES = ['amddevcloud', 'aws', 'azure', 'cloudrift', 'crusoe', 'cudo', 'datacrunch', 'digitalocean', 'dstack',
                 'gcp', 'hotaisle', 'jarvislabs', 'kubernetes', 'lambda', 'remote', 'nebius', 'oci', 'runpod',
                 'tensordock', 'vastai', 'verda', 'vultr', 'slurm']
TASK_FIELDS = ['availability_zones', 'backend_options', 'backends', 'commands', 'creation_policy', 'docker', 'dstack',
               'entrypoint', 'env', 'files', 'fleets', 'groups', 'home_dir', 'idle_duration', 'image',
               'instance_types', 'instances', 'max_duration', 'max_price', 'name', 'nodes', 'nvcc', 'ports',
               'priority', 'privileged', 'python', 'regions', 'registry_auth', 'repos', 'reservation', 'resources',
               'retry', 'schedule', 'setup', 'shell', 'single_branch', 'spot_policy', 'startup_order',
               'stop_criteria', 'stop_duration', 'tags', 'type', 'user', 'utilization_policy', 'volumes',
               'working_dir']
DSTACK_TASK = {
    'type': 'object',
    'additionalProperties': False,
    'properties': {field: {} for field in TASK_FIELDS} | {
        'type': {'const': 'task'},
        'name': {'type': 'string'},
        'nodes': {'type': 'integer', 'minimum': 1},
        'resources': {'type': 'object', 'additionalProperties': False,
                      'properties': {'cpu': {}, 'memory': {}, 'shm_size': {}, 'gpu': {'type': ['string', 'integer', 'object']},
                                     'disk': {'type': ['string', 'integer', 'number', 'object']}}},
        'spot_policy': {'enum': ['spot', 'on-demand', 'auto']},
        'backends': {'type': 'array', 'items': {'enum': BACKEND_TYPES}},
        'regions': {'type': 'array', 'items': {'type': 'string'}},
        'max_price': {'type': 'number', 'exclusiveMinimum': 0},
        'creation_policy': {'enum': ['reuse', 'reuse-or-create']},
        'fleets': {'type': 'array', 'items': {'type': 'string'}},
        'commands': {'type': 'array', 'items': {'type': 'string'}},
    },
}


# ServiceConfiguration: ProfileParams, BaseRunConfiguration and ConfigurationWithCommandsParams as a task
# has them, without TaskConfigurationParams (nodes, groups) and ConfigurationWithPortsParams (ports), with
# ServiceConfigurationParams (port, gateway, strip_prefix, model, https, auth, scaling, rate_limits,
# probes, replicas, groups).
SERVICE_FIELDS = [field for field in TASK_FIELDS if field not in ('nodes', 'groups', 'ports')] + [
    'port', 'gateway', 'strip_prefix', 'model', 'https', 'auth', 'scaling', 'rate_limits', 'probes', 'replicas',
    'groups']
DSTACK_SERVICE = {
    'type': 'object',
    'additionalProperties': False,
    'required': ['port'],
    'properties': {field: {} for field in SERVICE_FIELDS} | {
        field: DSTACK_TASK['properties'][field] for field in
        ('name', 'resources', 'spot_policy', 'backends', 'regions', 'max_price', 'creation_policy', 'fleets', 'commands')
    } | {
        'type': {'const': 'service'},
        'port': {'anyOf': [{'type': 'integer', 'minimum': 1, 'maximum': 65535}, {'type': 'string'}]},
        'replicas': {'anyOf': [{'type': 'integer', 'minimum': 0}, {'type': 'string'}]},
        'model': {'type': ['string', 'object']},
        'env': {'type': ['array', 'object']},
    },
}


def dstack_memory_gb(text):
    """Memory.parse: a number with an optional MB, GB or TB unit, in GB; ValueError otherwise."""
    value = text.replace(" ", "").lower()
    for unit, factor in (("tb", 1024.0), ("gb", 1.0), ("mb", 1 / 1024)):
        if value.endswith(unit):
            return float(value[:-2]) * factor
    return float(value)


def dstack_range(text, parse):
    """Range._parse and its check: 'a..b', 'a..', '..b' or 'a'; ValueError when empty or reversed."""
    low, high = text.replace(" ", "").split("..") if ".." in text else (text, text)
    low, high = (parse(low) if low else None), (parse(high) if high else None)
    if low is None and high is None or (low is not None and high is not None and low > high):
        raise ValueError(f"invalid range {text!r}")
    return low, high


def dstack_gpu(text):
    """GPUSpec.parse of the string form: ':'-separated tokens; a name starts with a letter, a memory
    holds a letter (its unit), a count is digits (or a range); each at most once."""
    spec = {}
    for token in text.replace(" ", "").split(":"):
        if not token:
            raise ValueError("empty token")
        key = "name" if token[0].isalpha() else "memory" if any(c.isalpha() for c in token) else "count"
        if key in spec:
            raise ValueError(f"{key} twice in {text!r}")
        spec[key] = token
    if "memory" in spec:
        dstack_range(spec["memory"], dstack_memory_gb)
    if "count" in spec:
        dstack_range(spec["count"], int)
    return spec


def emitted(name, launcher, *args):
    return emitted_yaml(checks, run, name, *args, "--emit", launcher)


def valid(name, schema, document):
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
              for e in jsonschema.Draft202012Validator(schema).iter_errors(document)]
    return checks.check(f"{name}: valid against the transcribed schema", not errors, errors[:5])


def check_skypilot(name, task, owned=False):
    if task is None or not valid(name, SKYPILOT_TASK, task):
        return
    resources = task["resources"]
    # Several places priced alike (--region kept some of an "any of N" row's regions): one infra each.
    places = resources.get("any_of", [resources])
    checks.check(f"{name}: infra, the documented form, and not the older cloud/region keys",
                 all("infra" in place and not {"cloud", "region", "zone"} & set(place) for place in places)
                 and ("infra" in resources) != ("any_of" in resources), sorted(resources))
    if owned:
        checks.check(f"{name}: infra is the SSH node pool", resources["infra"].startswith("ssh/"), resources["infra"])
    accelerators = resources.get("accelerators", "")
    if isinstance(accelerators, dict) and len(accelerators) == 1:
        # {NAME: COUNT}: gpuselect's form for a source name with spaces (Seeweb's "RTX PRO 6000 96GB").
        accelerator, count = next(iter(accelerators.items()))
        count = str(count)
    else:
        accelerator, _, count = str(accelerators).rpartition(":")
    checks.check(f"{name}: accelerators NAME:COUNT", bool(accelerator) and count.isdigit(), accelerators)


def check_dstack(name, task):
    if task is None or not valid(name, DSTACK_TASK, task):
        return
    try:
        gpu = dstack_gpu(str(task["resources"]["gpu"]))
        checks.check(f"{name}: resources.gpu has name, memory and count", set(gpu) == {"name", "memory", "count"}, gpu)
        low, high = dstack_range(str(task["resources"]["disk"]), dstack_memory_gb)
        checks.check(f"{name}: resources.disk is an open range from 256 GB", low >= 256 and high is None, (low, high))
    except (KeyError, ValueError) as error:
        checks.check(f"{name}: resources parse as dstack parses them", False, repr(error))


job = ["recommend", "-w", "llm-finetune", "-m", "llama-3-8b", "--method", "lora", "--provider", "aws,gcp,lambda,runpod"]
multi = ["recommend", "-w", "llm-finetune", "-m", "llama-2-70b", "--gpu", "a100-sxm4-40gb", "--provider", "aws,gcp,lambda",
         "--pricing", "on-demand", "--max-nodes", "8"]
owned = ["--catalog", str(source_dir / "docs" / "examples" / "owned.yaml"), "recommend", "-w", "llm-finetune", "-m",
         "llama-2-70b", "--method", "lora", "--provider", "our-lab"]
hostile = Path(work) / "hostile.yaml"
write_hostile_catalog(hostile)
hostile_job = ["--catalog", str(hostile), *HOSTILE_JOB_FLAGS]
for name, args in (("single on-demand", [*job, "--pricing", "on-demand"]), ("single spot", [*job, "--pricing", "spot"]),
                   ("multi-node", multi), ("hostile strings", hostile_job),
                   ("regions kept by --region", [*job, "--pricing", "on-demand", "--region", "us"])):
    check_skypilot(f"skypilot {name}", emitted(f"skypilot {name}", "skypilot", *args))
    check_dstack(f"dstack {name}", emitted(f"dstack {name}", "dstack", *args))
check_skypilot("skypilot owned", emitted("skypilot owned", "skypilot", *owned), owned=True)

# Serving picks are services: SkyServe's `service:` with replicas and a readiness probe, dstack's
# `type: service` with a port, replicas and the model; the engine command is vLLM's with the plan.
# The 8x H100 node (TP 4 x DP 2 per instance) is #1 on H100s; with H200s, 14 single-GPU instances tie it.
serve = ["recommend", "-w", "llm-inference", "-m", "qwen3-30b-a3b", "--requests-per-s", "20", "--tpot-ms", "30",
         "--risk-averse", "--provider", "nebius,lambda,aws", "--gpu", "h100"]
sky_service = emitted("skypilot service", "skypilot", *serve)
check_skypilot("skypilot service", sky_service)
if sky_service is not None and valid("skypilot service: service key", SKYPILOT_SERVICE, sky_service.get("service")):
    checks.check("skypilot service: replicas, a probe, the port", sky_service["service"].get("replicas", 0) >= 2
                 and sky_service["service"].get("readiness_probe") == "/health"
                 and sky_service["resources"].get("ports") == 8000 and "num_nodes" not in sky_service, sky_service)
    run_lines = sky_service.get("run", "")
    checks.check("skypilot service: vLLM serves the preset's hub id with the plan's parallelism",
                 "vllm serve Qwen/Qwen3-30B-A3B" in run_lines and "--tensor-parallel-size 4" in run_lines
                 and "--data-parallel-size 2" in run_lines and "--port 8000" in run_lines, run_lines)
dstack_service = emitted("dstack service", "dstack", *serve)
if dstack_service is not None and valid("dstack service", DSTACK_SERVICE, dstack_service):
    command = " ".join(dstack_service.get("commands", []))
    checks.check("dstack service: port, replicas, model and the vLLM command",
                 dstack_service.get("port") == 8000 and dstack_service.get("replicas", 0) >= 2
                 and dstack_service.get("model") == "Qwen/Qwen3-30B-A3B" and "nodes" not in dstack_service
                 and "vllm serve Qwen/Qwen3-30B-A3B --tensor-parallel-size 4 --data-parallel-size 2" in command, command)
checks.check("the transcribed dstack service schema refuses a task's nodes",
             not jsonschema.Draft202012Validator(DSTACK_SERVICE).is_valid({"type": "service", "port": 8000, "nodes": 2}))
image = ["recommend", "-w", "image-inference", "-m", "flux.1-dev", "--requests-per-s", "1", "--latency-ms", "15s",
         "--provider", "nebius,lambda,aws"]
sky_image = emitted("skypilot image service", "skypilot", *image)
check_skypilot("skypilot image service", sky_image)
if sky_image is not None:
    valid("skypilot image service: service key", SKYPILOT_SERVICE, sky_image.get("service"))
dstack_image = emitted("dstack image service", "dstack", *image)
if dstack_image is not None:
    valid("dstack image service", DSTACK_SERVICE, dstack_image)
    checks.check("dstack image service: a placeholder server and no model", "model" not in dstack_image
                 and any("serve.py" in line for line in dstack_image.get("commands", [])), dstack_image)
check_dstack("dstack owned", emitted("dstack owned", "dstack", *owned))

# The schema itself refuses what the older emitter could get wrong (the test can fail).
checks.check("the transcribed SkyPilot schema refuses an unknown resources key",
             not jsonschema.Draft202012Validator(SKYPILOT_TASK).is_valid({"resources": {"clouds": "aws"}}))
checks.check("the transcribed SkyPilot infra pattern refuses a cloud SkyPilot lacks",
             re.search(INFRA_PATTERN, "alibaba/cn-hangzhou") is None and re.search(INFRA_PATTERN, "aws/us-east-1"))
checks.check("the transcribed dstack schema refuses an unknown backend",
             not jsonschema.Draft202012Validator(DSTACK_TASK).is_valid({"type": "task", "backends": ["vast"]}))

# A region with '/' cannot be written as infra cloud/region (it would read as a zone): an error.
slash = Path(work) / "slash.yaml"
write_hostile_catalog(slash, region="us-east-1/zone-a")
result = run("--catalog", str(slash), *HOSTILE_JOB_FLAGS, "--emit", "skypilot")
checks.check("a region with '/' is one error line, exit 2, nothing on stdout", result.returncode == 2
             and result.stdout == "" and "zone" in result.stderr and result.stderr.count("\n") == 1, result.stderr)

sys.exit(checks.finish())
