"""`--help` tells: every option of every command shows its value's type (never CLI11's TEXT, INT or
FLOAT), the full choice lists of --workload, --profile and --require (the lists completion offers,
from the same tables), and an example line that runs on the built-in catalog. An unknown command
is one line naming it, with the closest command, and exit 2."""
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

from checks import Checks

binary = str(pathlib.Path(sys.argv[1]).resolve())
source_dir = pathlib.Path(sys.argv[2])
checks = Checks()
check = checks.check


def run(*args, cwd=None, env=None):
    return subprocess.run([binary, *args], capture_output=True, text=True, timeout=120, cwd=cwd, env=env)


def section(help_text, title):
    """The lines of one section of CLI11's help ("Subcommands:", "Positionals:")."""
    lines, inside = [], False
    for line in help_text.splitlines():
        if line.strip() == title:
            inside = True
        elif inside and line and not line.startswith(" "):
            break
        elif inside and line.strip():
            lines.append(line)
    return lines


# Every command, found by walking the help pages' "Subcommands:" sections.
commands, pending, helps = [], [[]], {}
while pending:
    command = pending.pop(0)
    result = run(*command, "--help")
    if not check(f"gpuselect {' '.join(command)} --help exits 0", result.returncode == 0, result.stderr):
        continue
    commands.append(command)
    helps[tuple(command)] = result.stdout
    for line in section(result.stdout, "Subcommands:"):
        pending.append(command + [line.split()[0]])
check("the walk found the nested commands", ("catalog", "import", "skypilot") in helps, sorted(helps))

cli11_types = re.compile(r"(?<![A-Z\[,.{])(TEXT|INT|UINT|FLOAT|VALUE)(?![A-Z])")
for command, text in helps.items():
    name = " ".join(("gpuselect",) + command)
    option_lines = [line for line in text.splitlines() if line.startswith("  -")]
    option_lines += section(text, "Positionals:")
    for line in option_lines:
        names_and_type = line.strip().split("  ")[0]
        check(f"{name}: '{names_and_type}' shows a type, not CLI11's", not cli11_types.search(names_and_type), line)
    check(f"{name} --help has an example", re.search(r"^Examples?: (source <\()?gpuselect ", text, re.M), text[-300:])


def choices_in_help(text, flag):
    match = re.search(r"^\s+(?:-\w,)?" + re.escape(flag) + r" \S+ \{([^}]*)\}", text, re.M)
    return match.group(1).split(",") if match else None


def completed(*words):
    return run("__complete", *words).stdout.split()


recommend_help = helps.get(("recommend",), "")
for flag in ("--workload", "--profile", "--require", "--pricing", "--format", "--method", "--precision"):
    shown = choices_in_help(recommend_help, flag)
    offered = completed("recommend", flag, "")
    check(f"recommend --help lists the choices of {flag}", shown is not None and len(shown) >= 2, recommend_help)
    check(f"recommend --help lists every choice of {flag} that completion offers",
          shown is not None and sorted(shown) == sorted(offered), (shown, offered))
for kind in ("llm-pretrain", "llm-finetune", "llm-inference", "cv-train", "cv-inference", "notebook"):
    check(f"--workload's choices name {kind}", kind in (choices_in_help(recommend_help, "--workload") or []))
for feature in ("rdma", "nvlink", "bare-metal", "iso27001", "soc2", "jupyterlab", "no-vgpu", "hipaa"):
    check(f"--require's choices name {feature}", feature in (choices_in_help(recommend_help, "--require") or []))
check("recommend --help: --params COUNT with its range",
      re.search(r"--params COUNT .*\[1e6 to 1e14\]", recommend_help), recommend_help)
check("recommend --help: --output FILE", re.search(r"-o,--output FILE ", recommend_help), recommend_help)
check("recommend --help: --budget AMOUNT", re.search(r"--budget AMOUNT ", recommend_help), recommend_help)
check("catalog list --help: --format with its own choices",
      choices_in_help(helps.get(("catalog", "list"), ""), "--format") == ["table", "json", "csv"],
      helps.get(("catalog", "list"), ""))
check("completion --help: the shells", "SHELL {bash,zsh,fish}" in helps.get(("completion",), ""))

# The examples run, in a folder holding the files they name.
workdir = pathlib.Path(tempfile.mkdtemp(prefix="gpuselect-help-"))
(workdir / "team.yaml").write_text("schema_version: 1\nmodels:\n  - id: team-7b\n    name: Team 7B\n"
                                   "    params: 7e9\n    source: our model card\n")
vms = source_dir / "tests" / "fixtures" / "skypilot" / "lambda.csv"
for folder in ("lambda", "mirror/lambda"):
    (workdir / folder).mkdir(parents=True, exist_ok=True)
    shutil.copy(vms, workdir / folder / "vms.csv")
environment = dict(os.environ, PATH=str(pathlib.Path(binary).parent) + os.pathsep + os.environ["PATH"],
                   XDG_DATA_HOME=str(workdir / "data"), XDG_CONFIG_HOME=str(workdir / "config"),
                   GPUSELECT_TODAY="2026-05-20")
examples = set()
for text in helps.values():
    for match in re.finditer(r"^Examples?: ((source <\()?gpuselect [^;\n]*)", text, re.M):
        examples.add(match.group(1).strip())
for example in sorted(examples):
    result = subprocess.run(["bash", "-c", example + " > /dev/null"], capture_output=True, text=True,
                            timeout=300, cwd=workdir, env=environment)
    check(f"example runs: {example}", result.returncode == 0, f"exit {result.returncode}: {result.stderr}")
shutil.rmtree(workdir, ignore_errors=True)

# Unknown commands: one line, the word, the closest command or the list, exit 2, nothing on stdout.
unknown = [
    (["nonsense"], "gpuselect: error: gpuselect: unknown command 'nonsense'; choose one of: recommend,"),
    (["recomend", "--workload", "llm-finetune"], "unknown command 'recomend'; did you mean 'recommend'?"),
    (["--catalog", "x.yaml", "-v", "estmate"], "unknown command 'estmate'; did you mean 'estimate'?"),
    (["catalog", "nonsense"], "gpuselect: error: catalog: unknown command 'nonsense'; choose one of: validate,"),
    (["catalog", "lst"], "gpuselect: error: catalog: unknown command 'lst'; did you mean 'list'?"),
    (["catalog", "import", "skypilott", "x.csv"], "unknown command 'skypilott'; did you mean 'skypilot'?"),
    (["config", "shw"], "gpuselect: error: config: unknown command 'shw'; did you mean 'show'?"),
]
for words, expected in unknown:
    result = run(*words)
    name = "gpuselect " + " ".join(words)
    check(f"{name}: exit 2", result.returncode == 2, result.returncode)
    check(f"{name}: one line", result.stderr.count("\n") == 1, result.stderr)
    check(f"{name}: says {expected!r}", expected in result.stderr, result.stderr)
    check(f"{name}: nothing on stdout", result.stdout == "", result.stdout)
# Words that are values or positionals are not commands.
check("compare's ids are not commands", "unknown command" not in run("compare", "a", "b").stderr)
check("a global option's value is not a command",
      "unknown command" not in run("--color", "never", "catalog", "models").stderr)
sys.exit(checks.finish())
