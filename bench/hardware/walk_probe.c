// A work-item walking its own record of R consecutive floats (`in[gid * R + i]`, i < R) against
// the transposed layout (`in[i * N + gid]`), over launch sizes: when does the walk cost what
// its sectors per request say? (the facts behind memory-global-stride's counted-loop walks,
// docs/cost-model.md). Reads once, reads the record again per outer step (kmeans' distance
// loop), and writes a record per work-item; groups of 256.
//
//   cc -O2 -o walk_probe bench/hardware/walk_probe.c -lOpenCL && ./walk_probe
//
// On an NVIDIA H200 (best of 10 launches), walk time / transposed time at 4 Mi work-items:
// reads 1.04x (R = 8), 2.02x (16), 4.03x (32), 1.56x (36), the same when the record is read
// again per outer step; writes 4.7x, 8.2x, 12.6x, 15.1x. At 4,096 work-items: reads 1.05-1.75x,
// writes 1.3-2.8x (5-15 us launches). Real shapes at 1 Mi work-items: D2Q9 collision 2.77x,
// its reads alone 1.05x, 8 hex bytes 1.62x, a 64-B struct block read 1.80x.
#define CL_TARGET_OPENCL_VERSION 120
#include "nvidia_device.h"

#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char *src =
    "__kernel void walk_rd(__global const float *in, __global float *o, uint n) {\n"
    "  size_t g = get_global_id(0); float s = 0;\n"
    "  for (int i = 0; i < R; i++) s += in[g * R + i];\n"
    "  o[g] = s; }\n"
    "__kernel void coal_rd(__global const float *in, __global float *o, uint n) {\n"
    "  size_t g = get_global_id(0); float s = 0;\n"
    "  for (int i = 0; i < R; i++) s += in[i * (size_t)n + g];\n"
    "  o[g] = s; }\n"
    "__kernel void walk_rewalk(__global const float *in, __global float *o, uint n) {\n"
    "  size_t g = get_global_id(0); float best = 1e30f;\n"
    "  for (int c = 0; c < 5; c++) { float s = 0;\n"
    "    for (int i = 0; i < R; i++) { float d = in[g * R + i] - c; s += d * d; }\n"
    "    best = fmin(best, s); }\n"
    "  o[g] = best; }\n"
    "__kernel void coal_rewalk(__global const float *in, __global float *o, uint n) {\n"
    "  size_t g = get_global_id(0); float best = 1e30f;\n"
    "  for (int c = 0; c < 5; c++) { float s = 0;\n"
    "    for (int i = 0; i < R; i++) { float d = in[i * (size_t)n + g] - c; s += d * d; }\n"
    "    best = fmin(best, s); }\n"
    "  o[g] = best; }\n"
    "__kernel void walk_wr(__global float *in, __global float *o, uint n) {\n"
    "  size_t g = get_global_id(0); float v = o[g];\n"
    "  for (int i = 0; i < R; i++) in[g * R + i] = v + i; }\n"
    "__kernel void coal_wr(__global float *in, __global float *o, uint n) {\n"
    "  size_t g = get_global_id(0); float v = o[g];\n"
    "  for (int i = 0; i < R; i++) in[i * (size_t)n + g] = v + i; }\n";
// Walks of real kernels' shapes, each beside its transposed layout: the D2Q9 lattice-Boltzmann
// collision (36-B records read and written), 8 hex bytes written per work-item, a 64-B block
// read as a struct's array member.
static const char *cases =
    "#define Q 9\n"
    "__kernel void lbm_aos(__global const float *fi, __global float *fo, uint n) {\n"
    "  size_t g = get_global_id(0); float f[Q], rho = 0;\n"
    "  for (int q = 0; q < Q; ++q) { f[q] = fi[g * Q + q]; rho += f[q]; }\n"
    "  for (int q = 0; q < Q; ++q) fo[g * Q + q] = f[q] - 0.5f * (f[q] - rho / 9.0f); }\n"
    "__kernel void lbm_soa(__global const float *fi, __global float *fo, uint n) {\n"
    "  size_t g = get_global_id(0); float f[Q], rho = 0;\n"
    "  for (int q = 0; q < Q; ++q) { f[q] = fi[q * (size_t)n + g]; rho += f[q]; }\n"
    "  for (int q = 0; q < Q; ++q) fo[q * (size_t)n + g] = f[q] - 0.5f * (f[q] - rho / 9.0f); }\n"
    "__kernel void lbm_rd_aos(__global const float *fi, __global float *fo, uint n) {\n"
    "  size_t g = get_global_id(0); float rho = 0;\n"
    "  for (int q = 0; q < Q; ++q) rho += fi[g * Q + q];\n"
    "  fo[g] = rho; }\n"
    "__kernel void lbm_rd_soa(__global const float *fi, __global float *fo, uint n) {\n"
    "  size_t g = get_global_id(0); float rho = 0;\n"
    "  for (int q = 0; q < Q; ++q) rho += fi[q * (size_t)n + g];\n"
    "  fo[g] = rho; }\n"
    "__kernel void hex_aos(__global const float *fi, __global uchar *h, uint n) {\n"
    "  size_t g = get_global_id(0); uint v = as_uint(fi[g]);\n"
    "  for (int k = 0; k < 8; k++) { uint d = (v >> (28 - 4 * k)) & 15u; h[g * 8 + k] = d < 10 ? '0' + d : 'a' - 10 + d; } }\n"
    "__kernel void hex_soa(__global const float *fi, __global uchar *h, uint n) {\n"
    "  size_t g = get_global_id(0); uint v = as_uint(fi[g]);\n"
    "  for (int k = 0; k < 8; k++) { uint d = (v >> (28 - 4 * k)) & 15u; h[k * (size_t)n + g] = d < 10 ? '0' + d : 'a' - 10 + d; } }\n"
    "typedef struct { uint w[16]; } block_t;\n"
    "__kernel void block_aos(__global const block_t *b, __global float *fo, uint n) {\n"
    "  size_t g = get_global_id(0); uint h = 0;\n"
    "  for (int i = 0; i < 16; i++) h = rotate(h ^ b[g].w[i], 5u) + i;\n"
    "  fo[g] = h; }\n"
    "__kernel void block_soa(__global const uint *b, __global float *fo, uint n) {\n"
    "  size_t g = get_global_id(0); uint h = 0;\n"
    "  for (int i = 0; i < 16; i++) h = rotate(h ^ b[i * (size_t)n + g], 5u) + i;\n"
    "  fo[g] = h; }\n";
int main(void) {
  cl_device_id d;
  cl_context ctx;
  cl_command_queue q;
  if (!openNvidia(&d, &ctx, &q, CL_QUEUE_PROFILING_ENABLE))
    return 1;
  cl_int e;
  const size_t MaxN = (size_t)1 << 22;
  const int Rs[] = {8, 16, 32, 36};
  cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_WRITE, MaxN * 36 * 4, 0, &e);
  cl_mem o = clCreateBuffer(ctx, CL_MEM_READ_WRITE, MaxN * 16, 0, &e);
  cl_mem in2 = clCreateBuffer(ctx, CL_MEM_READ_WRITE, MaxN * 36 * 4, 0, &e);
  const char *pairs[][2] = {{"walk_rd", "coal_rd"}, {"walk_rewalk", "coal_rewalk"},
                            {"walk_wr", "coal_wr"}};
  printf("%-12s %3s %9s %10s %10s %6s\n", "case", "R", "items", "walk_us", "coal_us", "ratio");
  for (int ri = 0; ri < 4; ++ri) {
    char opts[32];
    snprintf(opts, sizeof opts, "-DR=%d", Rs[ri]);
    cl_program pr = clCreateProgramWithSource(ctx, 1, &src, 0, &e);
    if (clBuildProgram(pr, 1, &d, opts, 0, 0)) {
      char log[8192];
      clGetProgramBuildInfo(pr, d, CL_PROGRAM_BUILD_LOG, 8192, log, 0);
      printf("%s\n", log);
      return 1;
    }
    for (int c = 0; c < 3; ++c) {
      cl_kernel kw = clCreateKernel(pr, pairs[c][0], &e), kc = clCreateKernel(pr, pairs[c][1], &e);
      for (size_t n = 4096; n <= MaxN; n *= 4) {
        cl_uint nn = (cl_uint)n;
        cl_kernel ks[2] = {kw, kc};
        double t[2];
        for (int j = 0; j < 2; ++j) {
          clSetKernelArg(ks[j], 0, sizeof in, &in);
          clSetKernelArg(ks[j], 1, sizeof o, &o);
          clSetKernelArg(ks[j], 2, sizeof nn, &nn);
          t[j] = bestKernelMicros(q, ks[j], n);
        }
        printf("%-12s %3d %9zu %10.1f %10.1f %6.2f\n", pairs[c][0], Rs[ri], n, t[0], t[1],
               t[0] / t[1]);
      }
    }
  }
  cl_program pc = clCreateProgramWithSource(ctx, 1, &cases, 0, &e);
  if (clBuildProgram(pc, 1, &d, "", 0, 0)) {
    char log[8192];
    clGetProgramBuildInfo(pc, d, CL_PROGRAM_BUILD_LOG, 8192, log, 0);
    printf("%s\n", log);
    return 1;
  }
  const char *real[][2] = {{"lbm_aos", "lbm_soa"},
                           {"lbm_rd_aos", "lbm_rd_soa"},
                           {"hex_aos", "hex_soa"},
                           {"block_aos", "block_soa"}};
  for (int c = 0; c < 4; ++c) {
    cl_kernel ka = clCreateKernel(pc, real[c][0], &e), ks = clCreateKernel(pc, real[c][1], &e);
    for (size_t n = 4096; n <= MaxN; n *= 16) {
      cl_uint nn = (cl_uint)n;
      cl_kernel k2[2] = {ka, ks};
      double t[2];
      for (int j = 0; j < 2; ++j) {
        clSetKernelArg(k2[j], 0, sizeof in, &in);
        clSetKernelArg(k2[j], 1, sizeof o, c == 0 ? &in2 : &o);
        clSetKernelArg(k2[j], 2, sizeof nn, &nn);
        t[j] = bestKernelMicros(q, k2[j], n);
      }
      printf("%-12s %3s %9zu %10.1f %10.1f %6.2f\n", real[c][0], "-", n, t[0], t[1], t[0] / t[1]);
    }
  }
  return 0;
}
