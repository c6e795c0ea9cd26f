// RUN: not %cllint --all --min-impact=0 --rules=-*,memory-constant-divergent %s | %check-findings
// __constant tables read per lane serialise in the constant cache; broadcasts are what it is
// for.

__constant float coef[64] = {0};

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void tables(__global float *out, __constant float *weights, int k) {
  int lid = get_local_id(0);
  float v = coef[lid & 63];
// CHECK: constant.cl:[[@LINE-1]]:13: warning: {{([^:]*: )?}}{{.*}}__constant load of 'coef' reads 32 different addresses in each warp of 32 lanes: the constant cache serves one address per warp at a time, so the load is replayed 32 times; a table indexed per work-item belongs in '__global const' memory {{.*}} [memory-constant-divergent]
  v += coef[lid / 8];
// CHECK: constant.cl:[[@LINE-1]]:8: warning: {{([^:]*: )?}}{{.*}}__constant load of 'coef' reads 4 different addresses in each warp of 32 lanes{{.*}} [memory-constant-divergent]
  v += coef[k];             // broadcast: one address per warp
  v += weights[get_group_id(0)];
  for (int j = 0; j < 64; ++j)
    v += coef[j] * weights[j]; // the loop walks the table together
  out[get_global_id(0)] = v;
}
