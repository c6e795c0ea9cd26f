// RUN: not %cllint --min-impact=0 --all --rules=-*,memory-global-stride %s | %check-findings
// RUN: not %cllint --min-impact=0 --all --rules=-*,memory-global-stride --profile=amd %s | FileCheck %s --check-prefix=AMD

typedef struct { float x, y, z, w; } Particle;
#define STRIDE 4

int twice(int i) { return i * 2; }
float load_at(__global const float *p, int i) { return p[i]; }
// CHECK: global-stride.cl:[[@LINE-1]]:56: warning: {{([^:]*: )?}}global load with a stride of 3 elements (12 B) between consecutive work-items: each warp touches 12 32-B sectors for 128 useful bytes (minimum 4); 33% of fetched bytes are used; let consecutive work-items access consecutive elements, or stage the data through __local memory [memory-global-stride]
float unused_helper(__global const float *p, int i) { return p[i * 64]; } // not kernel code

__kernel void strided(__global float *out, __global const float *in, int n, int width,
                      __global Particle *ps, __global const float *m) {
  int gid = get_global_id(0);
  out[gid] = in[gid * STRIDE];
// CHECK: global-stride.cl:[[@LINE-1]]:14: warning: {{([^:]*: )?}}global load with a stride of 4 elements (16 B) between consecutive work-items: each warp touches 16 32-B sectors for 128 useful bytes (minimum 4); 25% of fetched bytes are used; let consecutive work-items access consecutive elements, or stage the data through __local memory [memory-global-stride]
// CHECK: global-stride.cl:[[@LINE-2]]:17: note: the stride comes from 'gid * STRIDE'
  out[gid] = in[gid * n];
// CHECK: global-stride.cl:[[@LINE-1]]:14: warning: {{([^:]*: )?}}global load with stride = n elements between consecutive work-items: for n >= 8 each warp touches 32 32-B sectors for 128 useful bytes (minimum 4); 13% of fetched bytes are used; let consecutive work-items access consecutive elements, or stage the data through __local memory [memory-global-stride]
// CHECK: global-stride.cl:[[@LINE-2]]:17: note: the stride comes from 'gid * n'
  out[gid] = ps[gid].x;
// CHECK: global-stride.cl:[[@LINE-1]]:14: warning: {{([^:]*: )?}}global load of a 4-B field from an array of 16-B structs: consecutive work-items are 16 B apart: each warp touches 16 32-B sectors for 128 useful bytes (minimum 4); 25% of fetched bytes are used; store the field in its own array (structure of arrays) [memory-global-stride]
  float4 q = vload4(0, in + gid * 8);
// CHECK: global-stride.cl:[[@LINE-1]]:14: warning: {{([^:]*: )?}}global load with a stride of 8 elements (32 B) between consecutive work-items: each warp touches 32 32-B sectors for 512 useful bytes (minimum 16); 50% of fetched bytes are used; let consecutive work-items access consecutive elements, or stage the data through __local memory [memory-global-stride]
// CHECK: global-stride.cl:[[@LINE-2]]:29: note: the stride comes from 'gid * 8'
  vstore4(q, gid, out);
  out[twice(gid)] = 1.0f;
// CHECK: global-stride.cl:[[@LINE-1]]:3: warning: {{([^:]*: )?}}global store with a stride of 2 elements (8 B) between consecutive work-items: each warp touches 8 32-B sectors for 128 useful bytes (minimum 4); 50% of written bytes are used; let consecutive work-items access consecutive elements, or stage the data through __local memory [memory-global-stride]
  out[gid] = load_at(in, gid * 3);
  int row = gid;
  out[row * width] += 1.0f;
// CHECK: global-stride.cl:[[@LINE-1]]:3: warning: {{([^:]*: )?}}global load and store with stride = width elements between consecutive work-items: for width >= 8 each warp touches 32 32-B sectors for 128 useful bytes (minimum 4); 13% of moved bytes are used; let consecutive work-items access consecutive elements, or stage the data through __local memory [memory-global-stride]
// CHECK: global-stride.cl:[[@LINE-2]]:7: note: the stride comes from 'row * width'
  out[gid] = *(in + gid * 2);
// CHECK: global-stride.cl:[[@LINE-1]]:14: warning: {{([^:]*: )?}}global load with a stride of 2 elements (8 B) between consecutive work-items: each warp touches 8 32-B sectors for 128 useful bytes (minimum 4); 50% of fetched bytes are used; let consecutive work-items access consecutive elements, or stage the data through __local memory [memory-global-stride]
// CHECK: global-stride.cl:[[@LINE-2]]:21: note: the stride comes from 'gid * 2'
}

// A 2-D kernel with no launch is analysed as 32x8: a warp is one row of 32.
__kernel void transposed(__global float *out, __global const float *m, int width) {
  int gx = get_global_id(0), gy = get_global_id(1);
  out[gx * width + gy] = m[gy * width + gx];
// CHECK: global-stride.cl:[[@LINE-1]]:3: warning: {{([^:]*: )?}}global store with stride = width elements between consecutive work-items: for width >= 8 each warp touches 32 32-B sectors for 128 useful bytes (minimum 4); 13% of written bytes are used; let consecutive work-items access consecutive elements, or stage the data through __local memory; assuming a 32x8x1 work-group: no launch found, 256 work-items over the kernel's 2 dimensions, one warp per row (declare reqd_work_group_size, add a kernels: entry to .cllint.yaml or lint the host code with it) [memory-global-stride]
// CHECK: global-stride.cl:[[@LINE-2]]:7: note: the stride comes from 'gx * width'
// CHECK: global-stride.cl:[[@LINE-3]]:3: note: work-group shape 32x8x1 (profile default of 256 work-items over the kernel's 2 dimensions, one warp per row)
}

__kernel void contiguous(__global float *out, __global const float *in, __global float4 *v,
                         __constant float *c, int n, int w) {
  int gid = get_global_id(0);
  int gx = get_global_id(0), gy = get_global_id(1);
  out[gy * w + gx] = in[gy * w + gx];                                        // unit stride
  out[get_group_id(0) * get_local_size(0) + get_local_id(0)] = in[gid];    // the same form
  out[gid] = c[0] + in[get_group_id(0)] + in[n];                           // broadcast
  for (int i = gid; i < n; i += get_global_size(0))                        // grid-stride loop
    out[i] = in[i];
  v[gid] = v[gid] * 2.0f;                                                   // float4 unit stride
  out[gid] = in[gid + 1];                                                  // misaligned: silent
  float4 q = vload4(gid, in);                                              // unit vector stride
  vstore4(q, gid, out);
  out[gid] = in[(int)in[gid]];                                             // unknown: silent
}

__attribute__((reqd_work_group_size(16, 16, 1)))
__kernel void tiles(__global float *out, __global const float *in, int w) {
  int x = get_global_id(0), y = get_global_id(1);
  out[y * w + x] = in[x * w + y];
// A warp is two rows of 16 whose addresses are one element apart: they share sectors.
// CHECK: global-stride.cl:[[@LINE-2]]:20: warning: {{([^:]*: )?}}global load with stride = w elements between consecutive work-items: for w >= 8 each warp touches 16 32-B sectors for 128 useful bytes (minimum 4); 25% of fetched bytes are used; let consecutive work-items access consecutive elements, or stage the data through __local memory [memory-global-stride]
// CHECK: global-stride.cl:[[@LINE-3]]:23: note: the stride comes from 'x * w'
// CHECK: global-stride.cl:[[@LINE-4]]:20: note: work-group shape 16x16x1 (reqd_work_group_size)
}

// On amd a wavefront is 64 lanes and a transaction a 64-B cache line:
// AMD: global-stride.cl:{{[0-9]+}}:14: warning: {{([^:]*: )?}}global load with a stride of 4 elements (16 B) between consecutive work-items: each wavefront touches 16 64-B cache lines for 256 useful bytes (minimum 4); 25% of fetched bytes are used
// AMD: global-stride.cl:{{[0-9]+}}:14: warning: {{([^:]*: )?}}global load with stride = n elements between consecutive work-items: for n >= 16 each wavefront touches 64 64-B cache lines for 256 useful bytes (minimum 4); 6% of fetched bytes are used

// A stride with a long opaque term (an alignment `?:`) is abbreviated; a note gives it in full.
__kernel void padded(__global float *out, __global const float *in, int w, int h) {
  int gid = get_global_id(0);
  out[gid] = in[gid * (w * h + (((w + 2) % 32) == 0 ? 0 : (32 - ((w + 2) % 32))))];
// CHECK: global-stride.cl:[[@LINE-1]]:14: warning: {{([^:]*: )?}}global load with stride = h*w + (...) elements between consecutive work-items: for (h*w + (...)) >= 8 each warp touches 32 32-B sectors
// CHECK: global-stride.cl:[[@LINE-2]]:17: note: the stride comes from
// CHECK: global-stride.cl:[[@LINE-3]]:14: note: the stride in full: h*w + ((((w + 2) % 32) == 0) ? 0 : (32 - ((w + 2) % 32))) elements
}
