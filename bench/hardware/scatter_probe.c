// Scattered stores and loads against contiguous ones: what a warp's scattered 4-, 16- and 32-byte
// stores cost beyond the sectors they touch (the facts behind a limit of the cost model,
// docs/cost-model.md). The scattered index is a remap that puts consecutive work-items 320,000 B
// apart (gr-clenabled's CharToComplex), over 10,240,000 work-items in groups of 256.
//
//   cc -O2 -o scatter_probe bench/hardware/scatter_probe.c -lOpenCL && ./scatter_probe
//
// On an NVIDIA H100 (best of 10 launches): st16_contig 54 us, st16_scatter 330 us (6.1x),
// st16x4_scatter 328 us (the four component stores become one), st4_contig 29 us, st4_scatter
// 456 us (15.8x), st32_scatter (whole sectors) 355 us; ld16_contig 113 us, ld16_scatter 144 us,
// ld4_scatter 112 us (both with a contiguous store of the result).
#define CL_TARGET_OPENCL_VERSION 120
#include "nvidia_device.h"

#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char *src =
    "#define REMAP(i) (((i) % 512) * 20000 + (i) / 512)\n"
    "__kernel void st16_scatter(__global float4 *c) { size_t i = get_global_id(0); c[REMAP(i)] = "
    "(float4)((float)i); }\n"
    "__kernel void st16_contig(__global float4 *c) { size_t i = get_global_id(0); c[i] = "
    "(float4)((float)i); }\n"
    "__kernel void st4_scatter(__global float4 *c) { size_t i = get_global_id(0); ((__global "
    "float*)c)[REMAP(i)*4] = (float)i; }\n"
    "__kernel void st4_contig(__global float4 *c) { size_t i = get_global_id(0); ((__global "
    "float*)c)[i] = (float)i; }\n"
    "__kernel void st32_scatter(__global float8 *c) { size_t i = get_global_id(0); c[REMAP(i)/2] = "
    "(float8)((float)i); }\n"
    "__kernel void st16x4_scatter(__global float4 *c) { size_t i = get_global_id(0); size_t n = "
    "REMAP(i); c[n].x = i; c[n].y = i+1; c[n].z = i+2; c[n].w = i+3; }\n"
    "__kernel void ld16_scatter(__global float4 *c, __global float4 *o) { size_t i = "
    "get_global_id(0); o[i] = c[REMAP(i)]; }\n"
    "__kernel void ld16_contig(__global float4 *c, __global float4 *o) { size_t i = "
    "get_global_id(0); o[i] = c[i]; }\n"
    "__kernel void ld4_scatter(__global float4 *c, __global float *o) { size_t i = "
    "get_global_id(0); o[i] = ((__global float*)c)[REMAP(i)*4]; }\n";
int main(void) {
  cl_device_id d;
  cl_context ctx;
  cl_command_queue q;
  if (!openNvidia(&d, &ctx, &q, CL_QUEUE_PROFILING_ENABLE))
    return 1;
  cl_int e;
  cl_program pr = clCreateProgramWithSource(ctx, 1, &src, 0, &e);
  if (clBuildProgram(pr, 1, &d, "", 0, 0)) {
    char log[8192];
    clGetProgramBuildInfo(pr, d, CL_PROGRAM_BUILD_LOG, 8192, log, 0);
    printf("%s\n", log);
    return 1;
  }
  size_t N = 512 * 20000; // work-items; the remap covers N float4
  cl_mem c = clCreateBuffer(ctx, CL_MEM_READ_WRITE, N * 16 + 64, 0, &e);
  cl_mem o = clCreateBuffer(ctx, CL_MEM_READ_WRITE, N * 16 + 64, 0, &e);
  const char *names[] = {"st16_contig", "st16_scatter", "st16x4_scatter",
                         "st4_contig",  "st4_scatter",  "st32_scatter",
                         "ld16_contig", "ld16_scatter", "ld4_scatter"};
  for (int k = 0; k < 9; ++k) {
    cl_kernel kr = clCreateKernel(pr, names[k], &e);
    clSetKernelArg(kr, 0, sizeof c, &c);
    if (names[k][0] == 'l')
      clSetKernelArg(kr, 1, sizeof o, &o);
    double best = bestKernelMicros(q, kr, N);
    printf("%-16s %10.1f us\n", names[k], best);
  }
  return 0;
}
