// How a device issues wide __local accesses (the facts behind memory-local-bank-conflict's
// degree for 8- and 16-byte accesses): whether the two double fields of one record, read by the
// same work-item, become one 16-byte load (and the components of a float4), and what one 8-byte
// field read alone from 16-byte records costs against a plain double array.
//
//   cc -O2 -o local_width_probe bench/hardware/local_width_probe.c -lOpenCL && ./local_width_probe
//
// On an NVIDIA H100: record_fields 128 ld.shared.f64, 1081 us; one_field 551 us;
// plain_double 293 us; vector_components ld.shared.v4.f32, 554 us.
//
// Prints each kernel's shared-memory loads from the PTX (clGetProgramInfo BINARIES) and its
// median time over 15 launches of 16 Mi work-items in groups of 256.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *src =
    "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
    "typedef struct { double re; double im; } dcomplex;\n"
    "#define REPS 64\n"
    // Both fields of c[lid + i], read by the same work-item: one 16-byte access?
    "__kernel void record_fields(__global double *out, __global const double *in) {\n"
    "  __local dcomplex c[512]; int lid = get_local_id(0);\n"
    "  c[lid].re = in[get_global_id(0)]; c[lid].im = 1.0; c[lid + 256].re = 2.0; c[lid + 256].im = "
    "3.0;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE); double a = 0.0, b = 0.0;\n"
    "  for (int r = 0; r < REPS; ++r) { int i = (r * 7) & 127; a += c[lid + i].re; b += c[lid + "
    "i].im; }\n"
    "  out[get_global_id(0)] = a + b; }\n"
    // One field alone: lanes 16 B apart, 8 B each.
    "__kernel void one_field(__global double *out, __global const double *in) {\n"
    "  __local dcomplex c[512]; int lid = get_local_id(0);\n"
    "  c[lid].re = in[get_global_id(0)]; c[lid + 256].re = 2.0;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE); double a = 0.0;\n"
    "  for (int r = 0; r < REPS; ++r) { int i = (r * 7) & 127; a += c[lid + i].re; }\n"
    "  out[get_global_id(0)] = a; }\n"
    // The components of a float4 element, read by the same work-item: one 16-byte load?
    "__kernel void vector_components(__global double *out, __global const double *in) {\n"
    "  __local float4 v[512]; int lid = get_local_id(0);\n"
    "  v[lid] = (float4)(in[get_global_id(0)]); v[lid + 256] = (float4)(2.0f);\n"
    "  barrier(CLK_LOCAL_MEM_FENCE); float a = 0.0f;\n"
    "  for (int r = 0; r < REPS; ++r) { int i = (r * 7) & 127; a += v[lid + i].x + v[lid + i].y + "
    "v[lid + i].z + v[lid + i].w; }\n"
    "  out[get_global_id(0)] = a; }\n"
    // A plain double array: lanes 8 B apart.
    "__kernel void plain_double(__global double *out, __global const double *in) {\n"
    "  __local double d[512]; int lid = get_local_id(0);\n"
    "  d[lid] = in[get_global_id(0)]; d[lid + 256] = 2.0;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE); double a = 0.0;\n"
    "  for (int r = 0; r < REPS; ++r) { int i = (r * 7) & 127; a += d[lid + i]; }\n"
    "  out[get_global_id(0)] = a; }\n";

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(void) {
  cl_platform_id ps[8];
  cl_uint np;
  clGetPlatformIDs(8, ps, &np);
  cl_device_id dev = 0;
  for (cl_uint i = 0; i < np && !dev; ++i) {
    char pn[256];
    clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, sizeof pn, pn, NULL);
    if (strstr(pn, "NVIDIA"))
      clGetDeviceIDs(ps[i], CL_DEVICE_TYPE_GPU, 1, &dev, NULL);
  }
  if (!dev) {
    printf("no NVIDIA GPU\n");
    return 2;
  }
  cl_int e;
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
  cl_command_queue q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &e);
  cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &e);
  if (clBuildProgram(p, 1, &dev, "", NULL, NULL)) {
    char log[8192];
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    printf("build: %s\n", log);
    return 2;
  }
  size_t size = 0;
  clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL);
  char *ptx = calloc(size + 1, 1);
  clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof ptx, &ptx, NULL);
  const char *names[] = {"record_fields", "one_field", "plain_double", "vector_components"};
  const int kernels = 4;
  // Shared-memory loads per kernel, from its .entry to the next.
  for (int n = 0; n < kernels; ++n) {
    char entry[64];
    snprintf(entry, sizeof entry, ".entry %s(", names[n]);
    const char *at = strstr(ptx, entry), *end = at ? strstr(at + 1, ".entry ") : NULL;
    int v2 = 0, scalar = 0, v4 = 0;
    for (const char *s = at; s && (!end || s < end) && (s = strstr(s, "ld.shared")); ++s) {
      if (end && s >= end)
        break;
      if (!strncmp(s, "ld.shared.v2.f64", 16))
        ++v2;
      else if (!strncmp(s, "ld.shared.v4.f32", 16))
        ++v4;
      else if (!strncmp(s, "ld.shared.f64", 13))
        ++scalar;
    }
    printf("%s: ld.shared.v2.f64 x%d, ld.shared.f64 x%d, ld.shared.v4.f32 x%d\n", names[n], v2,
           scalar, v4);
  }
  size_t global = 1 << 24, local = 256;
  cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_WRITE, global * sizeof(double), NULL, &e);
  cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, global * sizeof(double), NULL, &e);
  for (int n = 0; n < kernels; ++n) {
    cl_kernel k = clCreateKernel(p, names[n], &e);
    clSetKernelArg(k, 0, sizeof out, &out);
    clSetKernelArg(k, 1, sizeof in, &in);
    double t[15];
    for (int r = 0; r < 16; ++r) {
      cl_event ev;
      clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, &ev);
      clWaitForEvents(1, &ev);
      cl_ulong a, b;
      clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof a, &a, NULL);
      clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof b, &b, NULL);
      if (r)
        t[r - 1] = (double)(b - a) / 1e3;
      clReleaseEvent(ev);
    }
    qsort(t, 15, sizeof t[0], cmp);
    printf("%s: %.1f us (median of 15)\n", names[n], t[7]);
  }
  return 0;
}
