# shellcheck shell=bash
# How podman runs here (sourced by build.sh and e2e/check-container.sh): as root, with
# runc and cgroupfs, and explicit limits. On CI's kind of machine (cgroups v1/v2 hybrid,
# no systemd as PID 1, hard limits nofile 20000 and nproc ~96000) crun refuses to start
# ("cgroups in hybrid mode not supported") and podman's default limits (nofile 1048576)
# make runc fail ("error setting rlimit type 7: operation not permitted").
# docs/testing.md, "The container check".
# shellcheck disable=SC2034 # used by the scripts that source this file
podman=(podman --runtime runc --cgroup-manager cgroupfs)
# nofile as deploy/siwa-buttons.service's LimitNOFILE (so --max-connections is 4,096).
# shellcheck disable=SC2034 # used by the scripts that source this file
podman_limits=(--ulimit nofile=4160:4160 --ulimit nproc=4096:4096)
