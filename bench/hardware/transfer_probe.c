// A loop that launches a kernel and reads its result back each iteration: blocking reads
// against non-blocking ones waited for once, and pageable host memory against a pinned
// (CL_MEM_ALLOC_HOST_PTR, mapped) staging buffer (the facts behind host-blocking-transfer).
//
//   cc -O2 -o transfer_probe bench/hardware/transfer_probe.c -lOpenCL && ./transfer_probe
#define CL_TARGET_OPENCL_VERSION 120
#include "nvidia_device.h"

#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static const char *src = "__kernel void step(__global float *a, int reps) {\n"
                         "  size_t i = get_global_id(0); float x = a[i];\n"
                         "  for (int r = 0; r < reps; r++) x = x * 0.999f + 0.5f;\n"
                         "  a[i] = x; }\n";
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}
int main(void) {
  cl_device_id d;
  cl_context ctx;
  cl_command_queue q;
  if (!openNvidia(&d, &ctx, &q, 0))
    return 1;
  cl_int e;
  cl_program pr = clCreateProgramWithSource(ctx, 1, &src, 0, &e);
  clBuildProgram(pr, 1, &d, "", 0, 0);
  cl_kernel k = clCreateKernel(pr, "step", &e);
  const size_t Items = 1 << 22;
  cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE, Items * 4, 0, &e);
  cl_mem pin = clCreateBuffer(ctx, CL_MEM_ALLOC_HOST_PTR, Items * 4, 0, &e);
  float *pinned = clEnqueueMapBuffer(q, pin, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, Items * 4,
                                     0, 0, 0, &e);
  float *pageable = malloc(Items * 4);
  memset(pageable, 0, Items * 4);
  clEnqueueWriteBuffer(q, a, CL_TRUE, 0, Items * 4, pageable, 0, 0, 0);
  const int Iters = 50;
  const size_t Sizes[] = {64, 1 << 16, 1 << 20, Items * 4};
  const int Reps[] = {16, 4096};
  printf("%8s %9s %12s %12s %12s %12s\n", "reps", "bytes", "none_ms", "blocking_ms",
         "async_ms", "pinned_ms");
  for (int ri = 0; ri < 2; ++ri)
    for (int si = 0; si < 4; ++si) {
      size_t n = Items, bytes = Sizes[si];
      clSetKernelArg(k, 0, sizeof a, &a);
      clSetKernelArg(k, 1, sizeof(int), &Reps[ri]);
      double t[4];
      for (int mode = 0; mode < 4; ++mode) {
        double best = 1e30;
        for (int trial = 0; trial < 3; ++trial) {
          clFinish(q);
          double t0 = now();
          for (int it = 0; it < Iters; ++it) {
            clEnqueueNDRangeKernel(q, k, 1, 0, &n, 0, 0, 0, 0);
            if (mode == 1)
              clEnqueueReadBuffer(q, a, CL_TRUE, 0, bytes, pageable, 0, 0, 0);
            else if (mode == 2)
              clEnqueueReadBuffer(q, a, CL_FALSE, 0, bytes, pageable, 0, 0, 0);
            else if (mode == 3)
              clEnqueueReadBuffer(q, a, CL_TRUE, 0, bytes, pinned, 0, 0, 0);
          }
          clFinish(q);
          double t1 = now() - t0;
          best = t1 < best ? t1 : best;
        }
        t[mode] = best;
      }
      printf("%8d %9zu %12.2f %12.2f %12.2f %12.2f\n", Reps[ri], bytes, t[0], t[1], t[2], t[3]);
    }
  return 0;
}
