// RUN: not %cllint --min-impact=0 --all --rules=-*,memory-local-bank-conflict %s | %check-findings

// s[lid * 4] is 4-way over a whole warp; a guard leaves fewer lanes to conflict.
__attribute__((reqd_work_group_size(64, 1, 1)))
__kernel void guarded(__global float *out, __local float *s) {
  int lid = get_local_id(0);
  if (lid < 8)
    s[lid * 4] = out[lid];                 // lanes 0..7: eight different banks, no conflict
  if (lid < 16)
    out[lid] = s[lid * 4];                 // lanes 0..15: banks 0, 4, ... 28 twice: 2-way
// CHECK: bank-guard.cl:[[@LINE-1]]:16: warning: {{([^:]*: )?}}__local load of 's' has a 2-way bank conflict: lanes of one warp hit the same bank at 2 different addresses (work-items 0 and 8 both use bank 0, at words 0 and 32: neighbouring work-items are 4 words apart), so the access is replayed 2 times; change the indexing so consecutive work-items use consecutive words [memory-local-bank-conflict]
  if (lid >= 32 && lid < 40)
    s[lid * 4 + 1] = 0.0f;                 // only warp 1, eight lanes: no conflict
  if (lid == 3)
    s[lid * 32] = 1.0f;                    // one lane: nothing to conflict with
}

// A threshold on a loop variable: d takes 16, 8, 4, 2, 1, so at most lanes 0..15 store,
// 16-way rather than the 32-way of a whole warp.
__attribute__((reqd_work_group_size(32, 1, 1)))
__kernel void guarded_loop(__global float *out, __local float *t) {
  int lid = get_local_id(0);
  for (unsigned d = 16; d > 0; d >>= 1)
    if (lid < d)
      t[lid * 32] += 1.0f;
// CHECK: bank-guard.cl:[[@LINE-1]]:7: warning: {{([^:]*: )?}}__local load and store of 't' has a 16-way bank conflict: {{.*}} replayed 16 times; {{.*}} [memory-local-bank-conflict]

  // A guard on a loaded value cannot be evaluated: every lane counts.
  if (out[lid] > 0.0f)
    t[lid * 2] = 0.0f;
// CHECK: bank-guard.cl:[[@LINE-1]]:5: warning: {{([^:]*: )?}}__local store of 't' has a 2-way bank conflict: {{.*}} [memory-local-bank-conflict]
}
