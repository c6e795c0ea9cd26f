// RUN: not %cllint --min-impact=0 --all --rules=-*,memory-global-stride %s | %check-findings
// Every read of a variable sees the definitions that reach it: reassigned variables, values
// set in both arms of an `if`, `i = 2*i`, reassigned parameters and self-updating pointers.

__kernel void reassigned(__global float *out, __global const float *in, int w) {
  int x = get_global_id(0), y = get_global_id(1);
  out[y * w + x] = in[y * w + x]; // unit stride with these x, y
  x = get_global_id(1);
  y = get_global_id(0);
  out[y * w + x] = 0.0f;
// CHECK: flow.cl:[[@LINE-1]]:3: warning: {{([^:]*: )?}}global store with stride = w elements between consecutive work-items: for w >= 8 each warp touches 32 32-B sectors
// CHECK: flow.cl:[[@LINE-2]]:7: note: the stride comes from 'y * w'
}

__kernel void doubled(__global float *a) {
  int i = get_global_id(0);
  a[i] = 1.0f; // before the doubling: unit stride
  i = 2 * i;
  a[i] = 2.0f;
// CHECK: flow.cl:[[@LINE-1]]:3: warning: {{([^:]*: )?}}global store with a stride of 2 elements (8 B) between consecutive work-items: each warp touches 8 32-B sectors for 128 useful bytes (minimum 4); 50% of written bytes are used
// CHECK: flow.cl:[[@LINE-3]]:7: note: the stride comes from '2 * i'
}

__kernel void both_arms(__global float *a, __global float *b, int n) {
  int gid = get_global_id(0);
  int idx;
  if (n > 4)
    idx = gid * 4 + 1;
  else
    idx = gid * 4;
  a[idx] = 0.0f;
// CHECK: flow.cl:[[@LINE-1]]:3: warning: {{([^:]*: )?}}global store whose address is not linear in the work-item ids; evaluated lane by lane, consecutive work-items are mostly 16 B apart: each warp touches 16 32-B sectors for 128 useful bytes (minimum 4); 25% of written bytes are used
// CHECK: flow.cl:[[@LINE-2]]:3: note: evaluated over the first warp of a work-group of shape 256x1x1 (profile default), with n = 4096 assumed
  int j = gid;
  if (n > 4)
    j = gid + 1;
  b[j] = 0.0f; // unit stride on either path
}

__kernel void parameter(__global float *a, int off) {
  a[off] = 1.0f; // the argument on entry: broadcast
  off += get_global_id(0) * 2;
  a[off] = 1.0f;
// CHECK: flow.cl:[[@LINE-1]]:3: warning: {{([^:]*: )?}}global store with a stride of 2 elements (8 B)
}

__kernel void pointer_walk(__global float *a, __global float *b, int n, int k) {
  __global float *p = a + get_global_id(0) * 2;
  for (int it = 0; it < n; ++it) {
    *p = 1.0f;
// CHECK: flow.cl:[[@LINE-1]]:5: warning: {{([^:]*: )?}}global store with a stride of 2 elements (8 B)
    p = p + k;
  }
  __global float *q = b + get_global_id(0);
  for (int it = 0; it < n; ++it) {
    *q = 1.0f; // unit stride in every iteration
    q += k;
  }
}

__kernel void wrapped(__global float *a, __global float *b, int c, int n) {
  int x = get_global_id(0);
  a[(x + c + n) % n] = 1.0f; // periodic wrap: consecutive lanes stay consecutive
  b[((x + 1) % n) * 4] = 1.0f;
// CHECK: flow.cl:[[@LINE-1]]:3: warning: {{([^:]*: )?}}global store whose address is not linear in the work-item ids; evaluated lane by lane, consecutive work-items are mostly 16 B apart: each warp touches 17 32-B sectors for 128 useful bytes (minimum 4); 24% of written bytes are used
// CHECK: flow.cl:[[@LINE-2]]:3: note: evaluated over the first warp of a work-group of shape 256x1x1 (profile default), with n = 4096 assumed
}

// Each work-item walks its own row of a 65x65x5 grid along i while work-items run along j
// (NPB's compute_rhs3): every iteration of a warp touches one sector per lane.
__kernel void walk_rows(__global double *g_rhs, int gp0) {
  int k = get_global_id(1) + 1;
  int j = get_global_id(0) + 1;
  __global double (*rhs)[65][65][5] = (__global double (*)[65][65][5])g_rhs;
  for (int i = 3; i <= gp0 - 4; i++)
    rhs[k][j][i][0] = rhs[k][j][i][0] * 0.5;
// CHECK: flow.cl:[[@LINE-1]]:5: warning: {{([^:]*: )?}}each work-item walks its own part of 'g_rhs' in a loop (2 global loads and stores, 8 B per iteration) while consecutive work-items are 2600 B apart: each iteration of a warp touches 32 32-B sectors for 256 useful bytes (minimum 8); let consecutive work-items take consecutive elements of the walked dimension (swap the loop and the work-item index, or transpose the layout){{.*}} [memory-global-stride]
}

// The distance between work-items follows an unknown the evaluation samples (channels): the
// waste is the sample's, so the finding says so and stays a note until the value is known.
__kernel void nhwc_to_blocks(__global const float *input, __global float *out, int width,
                             int channels) {
  int w = get_global_id(0);
  int h = get_global_id(1);
  int block = w / 4, lane = w % 4;
  out[h * width + w] = input[(h * width + block * 4 + lane) * channels];
// CHECK: flow.cl:[[@LINE-1]]:24: note: ~{{[0-9]+}}% of kernel 'nhwc_to_blocks' (once per work-item; assumes channels, width = 4096, sampled; the distance between work-items follows it, so give the real values in the config's kernels args or lint with the host code): global load whose address is not linear in the work-item ids
// CHECK: flow.cl:[[@LINE-2]]:24: note: evaluated over the first warp
}

// After a loop that strides i by the work-group, `i == n / 4` holds for at most one lane of a
// warp: the tail it guards fetches one address per warp, nothing to coalesce (OpenCL Caffe's
// matvec trail). The same access with every lane taking part is a finding.
__kernel void trail(__global const float *a, __global float *out, int n, int lda) {
  int lid = get_local_id(0);
  int i = lid;
  float s = 0.0f;
  while (i < n / 4) {
    s += a[i];
    i += get_local_size(0);
  }
  if (i == n / 4)
    for (int t = 0; t < n % 4; ++t)
      s += a[i * 4 + t * lda];
  out[lid] = s + a[lid * lda];
// CHECK: flow.cl:[[@LINE-1]]:18: warning: {{([^:]*: )?}}global load with stride = lda elements between consecutive work-items: for lda >= 8 each warp touches 32 32-B sectors for 128 useful bytes (minimum 4); 13% of fetched bytes are used
// CHECK: flow.cl:[[@LINE-2]]:20: note: the stride comes from 'lid * lda'
}

// Every global access is consecutive along dimension 1 and none along dimension 0: the kernel is
// written for a (1, N) launch (GEGL's box blur). Under an assumed shape the finding is a note
// that says so; the same kernel with its shape declared is a warning.
__kernel void rows_along_dim1(__global const float4 *in, __global float4 *out, int width) {
  float4 s = 0.0f;
  for (int i = 0; i < 16; ++i)
    s += in[get_global_id(0) * width + get_global_id(1) + i];
// CHECK: flow.cl:[[@LINE-1]]:10: note: ~{{[0-9]+}}% of kernel 'rows_along_dim1' (16 runs per work-item; assumes work-items along dimension 0, though the kernel's global accesses are consecutive along dimension 1 only (launched with a local size of 1 in dimension 0, this access is not strided)): global load with stride = width elements between consecutive work-items
// CHECK: flow.cl:[[@LINE-2]]:10: note: work-group shape 32x8x1
  out[get_global_id(0) * width + get_global_id(1)] = s;
// CHECK: flow.cl:[[@LINE-1]]:3: note: ~{{[0-9.]+}}% of kernel 'rows_along_dim1' (once per work-item; assumes work-items along dimension 0, though
// CHECK: flow.cl:[[@LINE-2]]:3: note: work-group shape 32x8x1
}

__kernel __attribute__((reqd_work_group_size(32, 8, 1))) void rows_declared(
    __global const float4 *in, __global float4 *out, int width) {
  float4 s = 0.0f;
  for (int i = 0; i < 16; ++i)
    s += in[get_global_id(0) * width + get_global_id(1) + i];
// CHECK: flow.cl:[[@LINE-1]]:10: warning: ~{{[0-9]+}}% of kernel 'rows_declared' (16 runs per work-item): global load with stride = width elements between consecutive work-items
// CHECK: flow.cl:[[@LINE-2]]:10: note: work-group shape 32x8x1 (reqd_work_group_size)
  out[get_global_id(0) * width + get_global_id(1)] = s;
// CHECK: flow.cl:[[@LINE-1]]:3: {{warning|note}}: ~{{[0-9.]+}}% of kernel 'rows_declared' (once per work-item): global store with stride = width elements
// CHECK: flow.cl:[[@LINE-2]]:3: note: work-group shape 32x8x1 (reqd_work_group_size)
}

// A helper that two kernels call: its access is strided only under 'strided_caller', so the
// finding weighs what it costs that kernel, not the kernel that pays most for the same excess.
void put_one(__global float *v, int at) { v[at] = 1.0f; }
__kernel void unit_caller(__global float *v) { put_one(v, get_global_id(0)); }
__kernel void strided_caller(__global float *v, __global const float *w, __global float *o) {
  int g = get_global_id(0);
  float s = 0.0f;
  for (int k = 0; k < 64; ++k)
    s += w[g + k * get_global_size(0)];
  o[g] = s;
  put_one(v, g * 4);
}
// CHECK: flow.cl:[[@LINE-10]]:43: warning: ~{{[0-9.]+}}% of kernel 'strided_caller' (once per work-item): global store with a stride of 4 elements (16 B)

// Each work-item reads the 6 consecutive floats of its tile, tiles 4 floats apart (Winograd
// input transforms): one load at a time looks 16 B apart, but over the counted loop the warp
// uses every byte it fetches. The same tiles read with a gap (8 floats apart) waste half.
__kernel void tiles(__global const float *in, __global float *out, int w) {
  int t = get_global_id(0);
  int x0 = (t % 32) * 4, y0 = t / 32;
  float s = 0.0f;
  for (int j = 0; j < 6; ++j)
    s += in[y0 * w + x0 + j];
  out[t] = s;
}
__kernel void gapped_tiles(__global const float *in, __global float *out, int w) {
  int t = get_global_id(0);
  int x0 = (t % 32) * 8, y0 = t / 32;
  float s = 0.0f;
  for (int j = 0; j < 4; ++j)
    s += in[y0 * w + x0 + j];
// CHECK: flow.cl:[[@LINE-1]]:10: warning: {{([^:]*: )?}}global load whose address is not linear in the work-item ids; evaluated lane by lane, consecutive work-items are mostly 32 B apart
  out[t] = s;
}

// Two stores of one finding whose addresses name the same unknowns in different orders: the
// sampled values are listed once, in one order (they were listed twice, as two assumptions).
__kernel void height_rows(__global float *output, int height, int width, int channels) {
  int w = get_global_id(0);
  int h = get_global_id(1);
  const int height_blks = (height + 3) / 4;
  const int batch_idx = h / height_blks;
  const int height_idx = (h % height_blks) << 2;
  const int width_idx = w % width;
  const int channel_idx = w / width;
  int offset = mad24(mad24(mad24(batch_idx, height, height_idx), width, width_idx), channels, channel_idx);
  output[offset] = 1.0f;
// CHECK: flow.cl:[[@LINE-1]]:3: note: ~{{[0-9]+}}% of kernel 'height_rows' (2 runs per work-item; assumes channels, height, width = 4096, sampled; the distance between work-items follows it, so give the real values in the config's kernels args or lint with the host code): global store whose address
  if (height_idx + 1 >= height) return;
  offset = mad24(width, channels, offset);
  output[offset] = 2.0f;
}
