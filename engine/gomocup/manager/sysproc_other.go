//go:build !unix

package manager

import "os/exec"

// setProcAttr has no process groups to set up here.
func setProcAttr(*exec.Cmd) {}

// killGroup kills the brain's process.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
