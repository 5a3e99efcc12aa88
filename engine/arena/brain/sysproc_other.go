//go:build !unix

package brain

import "os/exec"

// setProcAttr has no process groups to set up here.
func setProcAttr(*exec.Cmd) {}

// killGroup kills the engine's process.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
