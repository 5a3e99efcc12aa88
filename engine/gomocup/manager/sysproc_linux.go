package manager

import (
	"os/exec"
	"syscall"
)

// setProcAttr puts the brain in its own process group, so that killing the
// group reaches everything it started, and has the kernel kill it should
// the manager die first.
func setProcAttr(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// killGroup kills every process of the brain's group.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		_ = cmd.Process.Kill()
	}
}
