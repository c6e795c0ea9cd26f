// RUN: not %cllint --min-impact=0 --all --rules=-*,memory-global-stride %s | %check-findings
// RUN: not %cllint --min-impact=0 --all --rules=-*,memory-global-stride --format=json %s | FileCheck %s --check-prefix=JSON
// Accesses of one work-item to one record are fetched together and judged together.

typedef struct { float a, b, c, d; } Quad;           // 16 B
typedef struct { float f[16]; } Row;                 // 64 B
typedef struct { uint i[64]; uint len; } Password;   // 260 B, as in password crackers

__kernel void whole_records(__global const Quad *q, __global const float *p,
                            __global float *out) {
  size_t gid = get_global_id(0);
  // Every field of the record: every fetched byte is used (full bandwidth, measured).
  out[gid] = q[gid].a + q[gid].b + q[gid].c + q[gid].d;
  // Three consecutive floats per work-item, all read.
  out[gid] += p[3 * gid + 0] * p[3 * gid + 1] * p[3 * gid + 2];
  // Unit-stride neighbours are not a record.
  out[gid] += p[gid] + p[gid + 1];
}

__kernel void partial_records(__global const Row *rows, __global const Password *pws,
                              __global float *out, __global uint *len) {
  size_t gid = get_global_id(0);
  // Four of sixteen floats: one finding for the four, the others as notes.
  out[gid] = rows[gid].f[0] + rows[gid].f[1] + rows[gid].f[2] + rows[gid].f[3];
// CHECK: siblings.cl:[[@LINE-1]]:14: warning: {{([^:]*: )?}}4 global loads of 'rows' use 16 of every 64 B between consecutive work-items: each warp touches 32 32-B sectors for 512 useful bytes (minimum 16); 50% of fetched bytes are used; keep the fields used together in their own array (structure of arrays) [memory-global-stride]
// CHECK: siblings.cl:[[@LINE-2]]:31: note: accessed together with the accesses at [[@LINE-2]]:31, [[@LINE-2]]:48, [[@LINE-2]]:65
  // One field of a 260-B record.
  len[gid] = pws[gid].len;
// CHECK: siblings.cl:[[@LINE-1]]:14: warning: {{([^:]*: )?}}global load of a 4-B field from an array of 260-B structs: consecutive work-items are 260 B apart: each warp touches 32 32-B sectors for 128 useful bytes (minimum 4); 13% of fetched bytes are used; store the field in its own array (structure of arrays) [memory-global-stride]
}

typedef struct { uint w[5], ipad[5], opad[5], out[5], iter; } State; // 84 B

__kernel void looped_records(__global const State *st, __global const Password *pws,
                             __global uint *out, int n) {
  size_t gid = get_global_id(0);
  uint acc = 0;
  // Counted loops read 20 of the 21 words of the work-item's own record: nearly every fetched
  // byte is used (at most 1.25x the minimum traffic), but each run of the loads reads a sector
  // per lane from L1: one finding for the four, a small share of the kernel.
  for (int i = 0; i < 5; i++)
    acc += st[gid].w[i];
// CHECK: siblings.cl:[[@LINE-1]]:12: warning: ~3.3% of kernel 'looped_records' (5 runs per work-item): each work-item walks its own 80-B record of 'st' in a counted loop (4 global loads) while consecutive work-items are 84 B apart: memory serves each sector once, but the 4 loads of a warp read 128 32-B sectors from L1 in 32 cycles instead of 4 {{.*}} [memory-global-stride]
  for (int i = 0; i < 5; i++)
    acc += st[gid].ipad[i] ^ st[gid].opad[i];
  for (int i = 0; i < 5; i++)
    acc += st[gid].out[i];
  // Eight of the 65 words of a 260-B record: one finding, counted over the loop's iterations.
  for (int i = 0; i < 8; i++)
    acc += pws[gid].i[i];
// CHECK: siblings.cl:[[@LINE-1]]:12: warning: {{([^:]*: )?}}global load of 'pws' in a counted loop uses 32 of every 260 B between consecutive work-items: each warp touches 60 32-B sectors for 1024 useful bytes (minimum 32); 53% of fetched bytes are used; keep the fields used together in their own array (structure of arrays) [memory-global-stride]
  out[gid] = acc;
}

// A work-item that walks its own record in a loop of unknown length (a password of pw_len
// bytes) reads an unknown share of it: no cost can be stated, no finding.
__kernel void walked_records(__global const Password *pws, __global uint *out) {
  size_t gid = get_global_id(0);
  uint acc = pws[gid].len;
  for (uint i = 0; i < pws[gid].len / 4; i++)
    acc ^= pws[gid].i[i];
  out[gid] = acc;
}

// JSON: "summary": "32 32-B sectors per warp instead of 16; 50% of fetched bytes used; reading one 4-B field of 64-B records measured 6.1-6.2x the time of a float array on an NVIDIA H100"
// JSON: "summary": "32 32-B sectors per warp instead of 4; 13% of fetched bytes used; reading one 4-B field of 260-B records measured 8.3x the time of a float array on an NVIDIA H100"

// Addresses evaluated lane by lane (the index comes from '/' and '%'): the real and imaginary
// parts stored 4 B apart are siblings, and together they write every byte (an FFT's output).
__kernel void fft_store(__global float *data, __global const float *vx, __global const float *vy,
                        int ns) {
  int tx = get_global_id(0);
  int idx = (tx / ns) * ns * 4 + (tx % ns);
  for (int r = 0; r < 4; r++) {
    data[2 * (idx + r * ns)] = vx[r];
    data[2 * (idx + r * ns) + 1] = vy[r];
  }
}

// One of the two parts alone uses half of what it writes.
__kernel void fft_store_real(__global float *data, __global const float *vx, int ns) {
  int tx = get_global_id(0);
  int idx = (tx / ns) * ns * 4 + (tx % ns);
  for (int r = 0; r < 4; r++)
    data[2 * (idx + r * ns)] = vx[r];
// CHECK: siblings.cl:[[@LINE-1]]:5: warning: {{([^:]*: )?}}global store whose address is not linear in the work-item ids; evaluated lane by lane, consecutive work-items are mostly 8 B apart: each warp touches 8 32-B sectors for 128 useful bytes (minimum 4); 50% of written bytes are used
}

// Each work-item fills its own 600-B block in counted loops (NPB's x_solve2; the row index is
// chosen per lane, so addresses are evaluated lane by lane): together the three stores write
// every byte of it, over the iterations of both loops.
__kernel void fill_blocks(__global double *g_lhs, int gp0, int gp1, int gp2) {
  int i, j, k, n, m;
  k = get_global_id(2) + 1;
  j = get_global_id(1) + 1;
  if (k > (gp2 - 2) || j > (gp1 - 2)) return;
  i = get_global_id(0);
  if (i == 1) i = gp0 - 1;
  int my_offset = ((k - 1) * (gp1 - 2) + (j - 1)) * 65 * 3 * 5 * 5;
  __global double (*lhs)[3][5][5] = (__global double (*)[3][5][5])&g_lhs[my_offset];
  for (n = 0; n < 5; n++) {
    for (m = 0; m < 5; m++) {
      lhs[i][0][n][m] = 0.0;
      lhs[i][1][n][m] = 0.0;
      lhs[i][2][n][m] = 0.0;
    }
    // The diagonal alone, 48 B apart within each block: 8 of every 600 B.
    lhs[i][1][n][n] = 1.0;
// CHECK: siblings.cl:[[@LINE-1]]:5: warning: {{([^:]*: )?}}global store whose address is not linear in the work-item ids; evaluated lane by lane, consecutive work-items are mostly 600 B apart
  }
}

// The components of a uchar4 read beside the store of the whole element (a recursive filter's
// reverse pass): one 4-byte element per work-item, consecutive; nothing is wasted.
__kernel void reverse_pass(__global const uchar4 *input, __global uchar4 *output, int width,
                           int height, float a2) {
  int x = get_global_id(0);
  for (int y = height - 1; y > -1; y--) {
    int pos = x + y * width;
    float4 xc = (float4)(input[pos].x, input[pos].y, input[pos].z, input[pos].w);
    float4 t = (float4)(output[pos].x, output[pos].y, output[pos].z, output[pos].w) + xc * a2;
    output[pos] = (uchar4)(t.x, t.y, t.z, t.w);
  }
}

// Records of 5 doubles walked field by field in a counted loop inside a loop whose trip count
// is not known: one pass of the m loop reads each work-item's whole 40-B record, and
// consecutive work-items' records are adjacent. The j loop moves between rows. The reads use
// what they fetch; each store writes a part of a sector per lane, which nothing combines.
#define NX 64
#define NY 64
__kernel void record_by_loop(__global double *g_frct, int jst, int jend, double ty2) {
  int k = get_global_id(1) + 1;
  int i = get_global_id(0) + 1;
  __global double (*frct)[NY][NX][5] = (__global double (*)[NY][NX][5])g_frct;
  for (int j = jst; j < jend; j++)
    for (int m = 0; m < 5; m++)
      frct[k][j][i][m] = frct[k][j][i][m] * ty2;
// CHECK: siblings.cl:[[@LINE-1]]:7: warning: ~67% of kernel 'record_by_loop' (160 runs per work-item; assumes the 'j' loop runs 32 times): each work-item walks its own 40-B record of 'g_frct' in a counted loop (a global load and a store) while consecutive work-items are 40 B apart: each store of a warp writes 32 32-B sectors (minimum 8), each in part, and the cache does not combine them across iterations {{.*}} [memory-global-stride]
}

// Two of the five fields: 16 of every 40 B.
__kernel void two_fields_by_loop(__global double *g_frct, int jst, int jend, double ty2) {
  int k = get_global_id(1) + 1;
  int i = get_global_id(0) + 1;
  __global double (*frct)[NY][NX][5] = (__global double (*)[NY][NX][5])g_frct;
  for (int j = jst; j < jend; j++)
    for (int m = 0; m < 2; m++)
      frct[k][j][i][m] = frct[k][j][i][m] * ty2;
// CHECK: siblings.cl:[[@LINE-1]]:7: warning: {{([^:]*: )?}}2 global loads and stores of 'g_frct' use 16 of every 40 B between consecutive work-items: each warp touches 40 32-B sectors for 512 useful bytes (minimum 16); 40% of moved bytes are used; let consecutive work-items access consecutive elements, or stage the data through __local memory [memory-global-stride]
// CHECK: siblings.cl:[[@LINE-2]]:26: note: accessed together with the accesses at [[@LINE-2]]:26
}

// A component read beside the whole element (`p[ie].w` and `p[ie]`, through a helper, at a
// symbolic stride): the whole-element load fetches it; one finding, at the whole element.
float4 weighted_center(__global const float4 *p, int n) {
  float4 c = (float4)(0.0f);
  float minW = 1e30f;
  for (int ie = 0; ie < n; ie++) {
    if (p[ie].w < minW)
      minW = p[ie].w;
    c += p[ie];
// CHECK: siblings.cl:[[@LINE-1]]:10: warning: {{([^:]*: )?}}global load with stride = cap elements between consecutive work-items: {{.*}} [memory-global-stride]
  }
  return c * minW;
}
__kernel void vertex_rows(__global const float4 *verts, __global float4 *out, int cap, int n) {
  int gid = get_global_id(0);
  out[gid] = weighted_center(&verts[gid * cap], n);
}
