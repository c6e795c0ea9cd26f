// RUN: not %cllint --min-impact=0 --all --rules=-*,memory-local-bank-conflict %s | %check-findings
// Tree sweeps (Blelloch): 'offset' doubles while 'd' halves in the same loop, so the lanes the
// guard 'lid < d' leaves and the stride 'offset' sets are replayed together, iteration by
// iteration. At offset 16 only 16 lanes remain: 16-way at worst, not 32; the cost is the mean
// over the 9 iterations (2, 4, 8, 16, 16, 8, 4, 2, 1-way), not the worst.

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void sweep(__global float *data) {
  __local float t[1024];
  int lid = get_local_id(0);
  t[lid] = data[lid];
  t[lid + 256] = data[lid + 256];
  int offset = 1;
  for (int d = 256; d > 0; d >>= 1) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < d)
      t[offset * (2 * lid + 2) - 1] += t[offset * (2 * lid + 1) - 1];
// CHECK: bank-sweep.cl:[[@LINE-1]]:7: warning: {{([^:]*: )?}}~16% of kernel 'sweep' (9 runs per work-item): __local load and store of 't' has a 16-way bank conflict: lanes of one warp hit the same bank at 16 different addresses (work-items 0 and 2 both use bank 15, at words 15 and 47: neighbouring work-items are 16 words apart), so the access is replayed 16 times (offset = 8; 8 of 9 values of 'offset' conflict); change the indexing so consecutive work-items use consecutive words [memory-local-bank-conflict]
// CHECK: bank-sweep.cl:[[@LINE-2]]:40: warning: {{([^:]*: )?}}~16% of kernel 'sweep' (9 runs per work-item): __local load of 't' has a 16-way bank conflict: {{.*}} (offset = 8; 8 of 9 values of 'offset' conflict)
    offset *= 2;
  }
  // The same stride under a guard that does not shrink with the loop: 32 lanes at stride 16
  // words are 32-way.
  int stride = 1;
  for (int d = 16; d > 0; d >>= 1) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 32)
      t[stride * (2 * lid + 1) - 1] += 1.0f;
// CHECK: bank-sweep.cl:[[@LINE-1]]:7: warning: {{([^:]*: )?}}{{.*}}__local load and store of 't' has a 32-way bank conflict: {{.*}} (stride = 16; 5 of 5 values of 'stride' conflict)
    stride *= 2;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  data[lid] = t[lid];
}
