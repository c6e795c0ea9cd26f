// RUN: not %cllint --rules=-*,memory-global-stride %s | %check-findings
// The four components of one float4 stored one by one at an address evaluated lane by lane (a
// remapped output index) are one problem, reported once with the other lines as notes; a
// remap that keeps neighbours together, all components written, is not a finding.

inline size_t remap(size_t i) {
  size_t t = i / 512;
  size_t s = i - t * 512;
  return s * 20000 + t;
}

__kernel void to_complex(__global const uchar2 *a, __global float4 *c) {
  size_t index = get_global_id(0);
  uchar2 v = a[index];
  size_t n = remap(index);
  c[n].x = (float)(v.x >> 4);
  // CHECK: component-stores.cl:[[@LINE-1]]:3: warning: ~{{[0-9]+}}% of kernel 'to_complex' (4 runs per work-item): global 4 stores of parts of one element whose address is not linear in the work-item ids; evaluated lane by lane, consecutive work-items are mostly 320000 B apart: each warp touches 32 32-B sectors for 512 useful bytes (minimum 16)
  // CHECK: component-stores.cl:[[@LINE-2]]:3: note: evaluated over the first warp
  c[n].y = (float)(v.x & 15);
  // CHECK: component-stores.cl:[[@LINE-1]]:3: note: the same access pattern here
  c[n].z = (float)(v.y >> 4);
  // CHECK: component-stores.cl:[[@LINE-1]]:3: note: the same access pattern here
  c[n].w = (float)(v.y & 15);
  // CHECK: component-stores.cl:[[@LINE-1]]:3: note: the same access pattern here
}

// Every component of consecutive elements: together the stores use every byte.
inline size_t blocks(size_t i) { return (i / 512) * 512 + i % 512; }

__kernel void whole(__global const uchar2 *a, __global float4 *c) {
  size_t index = get_global_id(0);
  size_t n = blocks(index);
  c[n].x = (float)a[index].x;
  c[n].y = (float)a[index].y;
  c[n].z = 0.0f;
  c[n].w = 1.0f;
}

// Two of four: half of every element is written, a finding.
__kernel void two_of_four(__global const uchar2 *a, __global float4 *c) {
  size_t index = get_global_id(0);
  size_t n = blocks(index);
  c[n].x = (float)a[index].x;
  // CHECK: component-stores.cl:[[@LINE-1]]:3: warning: {{.*}}global 2 stores of parts of one element whose address is not linear in the work-item ids; evaluated lane by lane, consecutive work-items are mostly 16 B apart: each warp touches 16 32-B sectors for 256 useful bytes (minimum 8)
  // CHECK: component-stores.cl:[[@LINE-2]]:3: note: evaluated over the first warp
  c[n].y = (float)a[index].y;
  // CHECK: component-stores.cl:[[@LINE-1]]:3: note: the same access pattern here
}

// Three bytes of each 4-B pixel written (alpha left alone): every sector of the span is written
// either way, so nothing to gain. Read, the fourth byte is fetched for nothing: a finding.
__kernel void yuv_to_rgbx(__global const uchar *y, __global uchar *dst) {
  int x = get_global_id(0);
  float v = y[x];
  dst[4 * x] = v;
  dst[4 * x + 1] = v;
  dst[4 * x + 2] = v;
}

__kernel void rgbx_to_gray(__global const uchar *src, __global float *gray) {
  int x = get_global_id(0);
  gray[x] = 0.299f * src[4 * x] + 0.587f * src[4 * x + 1] + 0.114f * src[4 * x + 2];
  // CHECK: component-stores.cl:[[@LINE-1]]:22: warning: ~{{[0-9]+}}% of kernel 'rgbx_to_gray' (once per work-item): 3 global loads of 'src' use 3 of every 4 B between consecutive work-items: each warp touches 4 32-B sectors for 96 useful bytes (minimum 3)
  // CHECK: component-stores.cl:[[@LINE-2]]:44: note: accessed together with the accesses at 62:44, 62:70
}
