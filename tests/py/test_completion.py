"""The completion scripts load in bash, zsh and fish and complete subcommands, flags and values.
A shell that is not installed is reported as skipped (scripts/quickstart.sh test installs all three)."""
import shutil
import subprocess
import sys

from checks import Checks

binary = sys.argv[1]
checks = Checks()
check = checks.check


def run(shell_argv, script):
    return subprocess.run([*shell_argv, script], capture_output=True, text=True, timeout=60)


# bash: source the script, then ask the completion function as bash would.
if shutil.which("bash"):
    probe = f"""
source <("{binary}" completion bash) || exit 9
complete -p gpuselect || exit 8
ask() {{ COMP_WORDS=("$@"); COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 )); COMPREPLY=(); _gpuselect; echo "${{COMPREPLY[*]}}"; }}
echo "SUB: $(ask gpuselect rec)"
echo "FLAG: $(ask gpuselect recommend --show-ex)"
echo "WORKLOAD: $(ask gpuselect recommend --workload llm-f)"
echo "GPU: $(ask gpuselect recommend --gpu h100-s)"
echo "NESTED: $(ask gpuselect catalog imp)"
"""
    result = run(["bash", "-c"], probe)
    out = result.stdout
    check("bash loads", result.returncode == 0, result.stderr)
    check("bash subcommand", "SUB: recommend" in out, out)
    check("bash flag", "--show-excluded" in out, out)
    check("bash workload value", "WORKLOAD: llm-finetune" in out, out)
    check("bash gpu id", "h100-sxm5-80gb" in out, out)
    check("bash nested subcommand", "NESTED: import" in out, out)
else:
    checks.skip("bash: not installed")

# zsh: the script must load with the completion system and define the function.
if shutil.which("zsh"):
    probe = f"""
autoload -Uz compinit && compinit -u -d /tmp/gpuselect-zcompdump-$$
source <("{binary}" completion zsh) || exit 9
whence -w _gpuselect
print -r -- ${{_comps[gpuselect]}}
"""
    result = run(["zsh", "-f", "-c"], probe)
    check("zsh loads", result.returncode == 0, result.stderr)
    check("zsh function", "_gpuselect: function" in result.stdout, result.stdout)
    check("zsh registered", result.stdout.strip().endswith("_gpuselect"), result.stdout)
else:
    checks.skip("zsh: not installed")

# fish: complete -C asks fish for the completions of a command line.
if shutil.which("fish"):
    probe = f"""
"{binary}" completion fish | source
echo SUB: (complete -C 'gpuselect rec')
echo FLAG: (complete -C 'gpuselect recommend --show-ex')
echo WORKLOAD: (complete -C 'gpuselect recommend --workload llm-f')
"""
    result = run(["fish", "--no-config", "-c"], probe)
    out = result.stdout
    check("fish loads", result.returncode == 0, result.stderr)
    check("fish subcommand", "SUB: recommend" in out, out)
    check("fish flag", "--show-excluded" in out, out)
    check("fish workload value", "llm-finetune" in out.split("WORKLOAD:")[-1], out)
else:
    checks.skip("fish: not installed")

sys.exit(checks.finish())
