#!/bin/sh
# A hook that always gives the same answer ($1: allow, deny or ask), to measure what the client
# does with each answer independently of gatelab's engine.
cat >/dev/null
printf '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"%s","permissionDecisionReason":"fixed %s"}}\n' "$1" "$1"
