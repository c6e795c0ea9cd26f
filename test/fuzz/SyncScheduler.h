// See SyncScheduler.cpp.
#pragma once

namespace cllint::fuzz {
// Runs the lints the server has scheduled, on the calling thread.
void drainScheduledWork();
} // namespace cllint::fuzz
