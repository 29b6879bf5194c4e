# shellcheck shell=bash
# Facts about the project that the release's files carry (sourced): the .deb's Homepage,
# the image's org.opencontainers.image.source and .licenses labels.
# shellcheck disable=SC2034 # used by the scripts that source this file
project_url=https://github.com/siwa-buttons/siwa-buttons
# shellcheck disable=SC2034
project_license=MIT
