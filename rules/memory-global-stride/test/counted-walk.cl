// RUN: not %cllint --rules=-*,memory-global-stride --config=%S/Inputs/counted-walk.yaml %s | %check-findings
// RUN: not %cllint --rules=-*,memory-global-stride --config=%S/Inputs/counted-walk.yaml --all %s | FileCheck %s --check-prefix=NOTE
// RUN: %cllint --config=%S/Inputs/counted-walk.yaml --dump-costs %s | FileCheck %s --check-prefix=DUMP
// A work-item walking its own record in a counted loop uses, over the loop, every byte its warp
// fetches: the cache serves each sector's rest to the next iterations. Each single load or
// store still spreads over a sector per lane. Measured on an NVIDIA H200 at 4 Mi work-items
// (bench/hardware/walk_probe.c): 128-B records read this way take 4x the time of the
// transposed layout (the L1 reads one sector per quarter of a line per cycle), written this way
// 12.6x (partial sectors reach memory as they are); 32-B records read this way 1.04x.

__kernel void read_record(__global const float *in, __global float *o, uint n) {
  size_t g = get_global_id(0);
  float s = 0;
  for (int i = 0; i < 32; i++)
    s += in[g * 32 + i];
  // CHECK: counted-walk.cl:[[@LINE-1]]:10: warning: ~65% of kernel 'read_record' (32 runs per work-item): each work-item walks its own 128-B record of 'in' in a counted loop (a global load) while consecutive work-items are 128 B apart: memory serves each sector once, but each load of a warp reads 32 32-B sectors from L1 in 32 cycles instead of 1 {{.*}}; store the records transposed (element i of work-item g at i * n + g) so that consecutive work-items access consecutive words, or stage them through __local memory [memory-global-stride]
  o[g] = s;
}

__kernel void write_record(__global float *out, __global const float *v, uint n) {
  size_t g = get_global_id(0);
  float x = v[g];
  for (int i = 0; i < 32; i++)
    out[g * 32 + i] = x + i;
  // CHECK: counted-walk.cl:[[@LINE-1]]:5: warning: ~87% of kernel 'write_record' (32 runs per work-item): each work-item walks its own 128-B record of 'out' in a counted loop (a global store) while consecutive work-items are 128 B apart: each store of a warp writes 32 32-B sectors (minimum 4), each in part, and the cache does not combine them across iterations {{.*}} [memory-global-stride]
}

// Bytes: 8 per work-item, one by one.
__kernel void write_hex(__global const uint *v, __global uchar *hex, uint n) {
  size_t g = get_global_id(0);
  uint x = v[g];
  for (int k = 0; k < 8; k++)
    hex[g * 8 + k] = '0' + ((x >> (4 * k)) & 7u);
  // CHECK: counted-walk.cl:[[@LINE-1]]:5: warning: {{.*}}each work-item walks its own 8-B record of 'hex' in a counted loop (a global store){{.*}}writes 8 32-B sectors (minimum 1){{.*}} [memory-global-stride]
}

// Transposed: consecutive work-items read and write consecutive words. Nothing to report.
__kernel void transposed(__global const float *in, __global float *out, uint n) {
  size_t g = get_global_id(0);
  float s = 0;
  for (int i = 0; i < 32; i++)
    s += in[i * (size_t)n + g];
  for (int i = 0; i < 32; i++)
    out[i * (size_t)n + g] = s + i;
}

// 32-B records read this way: the L1 serves a warp's 32 sectors in 8 cycles, under the memory
// time they take anyway (measured 1.04x): a note at most.
__kernel void read_small_record(__global const float *in, __global float *o, uint n) {
  size_t g = get_global_id(0);
  float s = 0;
  for (int i = 0; i < 8; i++)
    s += in[g * 8 + i];
  // NOTE: counted-walk.cl:[[@LINE-1]]:10: note: ~4.9% of kernel 'read_small_record' (8 runs per work-item): each work-item walks its own 32-B record of 'in'{{.*}}in 8 cycles instead of 1
  o[g] = s;
}

// The same store walk in a launch of 1,024 work-items: the launch's own cost weighs in, and the
// finding says so (a launch of 4,096 work-items still measured 2.7x).
__kernel void small_launch(__global float *out, __global const float *v) {
  size_t g = get_global_id(0);
  float x = v[g];
  for (int i = 0; i < 32; i++)
    out[g * 32 + i] = x + i;
  // CHECK: counted-walk.cl:[[@LINE-1]]:5: warning: ~23% of kernel 'small_launch' (32 runs per work-item; assumes the launch's own cost dominates: the host launches 1024 work-items): each work-item walks its own 128-B record of 'out'{{.*}} [memory-global-stride]
}

// Records quantized by a helper, a group's work-items taking every ls-th block of a row (ggml's
// set_rows): the block loop moves between records, the helper's counted loops walk each one.
inline float block_max(__global const float *x) {
  float m = 0.0f;
  for (int j = 0; j < 32; j++)
    m = fmax(m, fabs(x[j]));
  // CHECK: counted-walk.cl:[[@LINE-1]]:22: warning: ~65% of kernel 'quantize_rows' (32 runs per work-item): each work-item walks its own 128-B record of 'src' in a counted loop (a global load) while consecutive work-items are 128 B apart{{.*}} [memory-global-stride]
  return m;
}

__kernel void quantize_rows(__global const float *src, __global float *scale, int nblk) {
  __global const float *row = src + get_group_id(0) * nblk * 32;
  for (int blk = get_local_id(0); blk < nblk; blk += get_local_size(0))
    scale[get_group_id(0) * nblk + blk] = block_max(row + blk * 32);
}

// The same block loop reading 16 B of each record: half of each sector is wasted in memory.
__kernel void head_rows(__global const float *src, __global float *scale, int nblk) {
  for (int blk = get_local_id(0); blk < nblk; blk += get_local_size(0)) {
    float m = 0.0f;
    for (int j = 0; j < 4; j++)
      m = fmax(m, src[blk * 32 + j]);
    // CHECK: counted-walk.cl:[[@LINE-1]]:19: warning: ~41% of kernel 'head_rows' (4 runs per work-item): global load of 'src' in a counted loop uses 16 of every 128 B between consecutive work-items{{.*}} [memory-global-stride]
    scale[blk] = m;
  }
}

// DUMP-LABEL: kernel 'read_record'
// DUMP: line 15    load of 'in' from L1         local            1024.0 cycles  96%  32.0 runs per work-item, 32.0 wavefronts per run

// A pointer stepped once per iteration of a counted loop walks the same record as an index
// would (#20.15): the loop's bound is the walk's length, so a 16-B record is a note, not a
// walk of unknown length charged as new traffic on every iteration.
__kernel void pointer_walk_small(__global const float *in, __global float *o, int n) {
  int g = get_global_id(0);
  __global const float *p = in + g * 4;
  float acc = 0.0f;
  for (int i = 0; i < 4; ++i) {
    acc += (i < n) ? *p : 0.0f;
    // NOTE: counted-walk.cl:[[@LINE-1]]:22: note: ~1.8% of kernel 'pointer_walk_small' (4 runs per work-item): each work-item walks its own 16-B record of 'in' in a counted loop (a global load){{.*}}in 4 cycles instead of 1
    p++;
  }
  o[g] = acc;
}

// The same walk over 128-B records costs what the indexed one does.
__kernel void pointer_walk_large(__global const float *in, __global float *o) {
  int g = get_global_id(0);
  __global const float *p = in + g * 32;
  float acc = 0.0f;
  for (int i = 0; i < 32; ++i, ++p)
    acc += *p;
  // CHECK: counted-walk.cl:[[@LINE-1]]:12: warning: ~65% of kernel 'pointer_walk_large' (32 runs per work-item): each work-item walks its own 128-B record of 'in' in a counted loop (a global load){{.*}}in 32 cycles instead of 1 {{.*}} [memory-global-stride]
  o[g] = acc;
}
