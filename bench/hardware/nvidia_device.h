// What the probes of this folder share: the first NVIDIA GPU among the OpenCL platforms (each
// probe exits when there is none), and a kernel's best time over repeated launches.
#pragma once

#include <CL/cl.h>
#include <stdio.h>
#include <string.h>

static inline cl_device_id nvidiaDevice(void) {
  cl_platform_id ps[8];
  cl_uint np = 0;
  clGetPlatformIDs(8, ps, &np);
  cl_device_id d = 0;
  for (cl_uint p = 0; p < np && !d; ++p) {
    char n[256];
    clGetPlatformInfo(ps[p], CL_PLATFORM_NAME, sizeof n, n, 0);
    if (strstr(n, "NVIDIA"))
      clGetDeviceIDs(ps[p], CL_DEVICE_TYPE_GPU, 1, &d, 0);
  }
  return d;
}

// The best of 10 launches (two warm-ups first) of a 1-D kernel over Global work-items in groups
// of 256, in microseconds; the queue must profile.
static inline double bestKernelMicros(cl_command_queue q, cl_kernel k, size_t Global) {
  size_t l = 256;
  double best = 1e30;
  for (int r = 0; r < 12; ++r) {
    cl_event ev;
    clEnqueueNDRangeKernel(q, k, 1, 0, &Global, &l, 0, 0, &ev);
    clWaitForEvents(1, &ev);
    cl_ulong a, b;
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &a, 0);
    clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &b, 0);
    if (r > 1 && (b - a) / 1e3 < best)
      best = (b - a) / 1e3;
    clReleaseEvent(ev);
  }
  return best;
}

// The NVIDIA GPU, a context and an in-order queue with Props; false (said on stdout) when
// there is no such GPU.
static inline int openNvidia(cl_device_id *d, cl_context *ctx, cl_command_queue *q,
                             cl_command_queue_properties Props) {
  *d = nvidiaDevice();
  if (!*d) {
    printf("no NVIDIA device\n");
    return 0;
  }
  cl_int e;
  *ctx = clCreateContext(0, 1, d, 0, 0, &e);
  *q = clCreateCommandQueue(*ctx, *d, Props, &e);
  return 1;
}
