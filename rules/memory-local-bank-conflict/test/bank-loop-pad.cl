// RUN: not %cllint --min-impact=0 --all --rules=-*,memory-local-bank-conflict %s | %check-findings
// RUN: grep -v -e 'CHECK' -e 'FIXED' -e 'SAFE' %s > %t.cl && not %cllint --min-impact=0 --all --rules=-*,memory-local-bank-conflict --fix %t.cl
// RUN: FileCheck %s --check-prefix=FIXED < %t.cl
// RUN: not %cllint --min-impact=0 --all --rules=-*,memory-local-bank-conflict %t.cl | FileCheck %s --check-prefix=AFTER --implicit-check-not="of 'tile' has"

#define TILE_DIM 32
#define BLOCK_ROWS 8

// ly in [0, 8) and j in {0, 8, 16, 24}: every inner index stays in [0, 32), padding is exact.
__kernel __attribute__((reqd_work_group_size(TILE_DIM, BLOCK_ROWS, 1)))
void loop_tile(__global float *out, __global const float *in, int w) {
  __local float tile[TILE_DIM][TILE_DIM];
  int lx = get_local_id(0), ly = get_local_id(1);
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[ly + j][lx] = in[(ly + j) * w + lx];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    out[(ly + j) * w + lx] = tile[lx][ly + j];
// CHECK: bank-loop-pad.cl:[[@LINE-1]]:30: warning: {{([^:]*: )?}}__local load of 'tile' has a 32-way bank conflict: {{.*}}; pad the innermost dimension by one element ([32][33]): every access of 'tile' is then conflict-free [memory-local-bank-conflict]
// CHECK: bank-loop-pad.cl:[[@LINE-8]]:17: note: 'tile' is declared here
}

// The same without reqd_work_group_size: the tile bounds lx to 32, and the profile's 256
// work-items leave 8 rows, as the real launch.
__kernel void loop_tile_no_shape(__global float *out, __global const float *in, int w) {
  __local float tile2[TILE_DIM][TILE_DIM];
  int lx = get_local_id(0), ly = get_local_id(1);
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile2[ly + j][lx] = in[(ly + j) * w + lx];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    out[(ly + j) * w + lx] = tile2[lx][ly + j];
// CHECK: bank-loop-pad.cl:[[@LINE-1]]:30: warning: {{([^:]*: )?}}__local load of 'tile2' has a 32-way bank conflict: {{.*}}so the access is replayed 32 times; assuming a 32x8x1 work-group, inferred from the __local tile 'tile2[32][32]' and the profile default of 256 work-items (declare reqd_work_group_size, add a kernels: entry to .cllint.yaml or lint the host code with it) [memory-local-bank-conflict]
// CHECK: bank-loop-pad.cl:[[@LINE-2]]:30: note: work-group shape 32x8x1 (inferred from the __local tile 'tile2[32][32]' and the profile default of 256 work-items)
}

// j runs to 32 with ly up to 7: ly + j reaches 39, past the inner bound; no padding offered.
__kernel __attribute__((reqd_work_group_size(TILE_DIM, BLOCK_ROWS, 1)))
void loop_overrun(__global float *out, __global const float *in, int w) {
  __local float tile3[40][TILE_DIM];
  int lx = get_local_id(0), ly = get_local_id(1);
  for (int j = 0; j <= TILE_DIM; j += BLOCK_ROWS)
    tile3[lx][ly + j] = in[(ly + j) * w + lx];
// CHECK: bank-loop-pad.cl:[[@LINE-1]]:5: warning: {{([^:]*: )?}}__local store of 'tile3' has a 32-way bank conflict: {{.*}}so the access is replayed 32 times [memory-local-bank-conflict]
}

// FIXED: __local float tile[TILE_DIM][TILE_DIM + 1];
// FIXED: __local float tile2[TILE_DIM][TILE_DIM];
// FIXED: __local float tile3[40][TILE_DIM];
// AFTER: of 'tile2' has a 32-way
// AFTER: of 'tile3' has a 32-way
