// What a device does when only some work-items of a group reach a barrier (the facts behind
// control-barrier-divergence's messages), and whether a warp-synchronous reduction holds.
//
//   cc -O2 -o barrier_probe bench/hardware/barrier_probe.c -lOpenCL
//   for a in "early_return 1000 1024" "alive_split 16 1024" "loop_split 4 1024" \
//            "warp_reduce 0 1048576"; do timeout 30 ./barrier_probe $a || echo "$a: exit $?"; done
//
// KERNEL N GLOBAL: runs KERNEL 200 times in groups of 256 on the first NVIDIA GPU and counts
// wrong values; exit 124 from timeout means the kernel hung.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static const char *src =
"__kernel void early_return(__global int *out, int n) {\n"
"  __local int s[256]; int gid = get_global_id(0), lid = get_local_id(0);\n"
"  if (gid >= n) return;\n"
"  s[lid] = gid; barrier(CLK_LOCAL_MEM_FENCE);\n"
"  out[gid] = s[(lid + 1) % 256]; }\n"
"__kernel void alive_split(__global int *out, int n) {\n"
"  __local int s[256]; int gid = get_global_id(0), lid = get_local_id(0);\n"
"  if (lid < n) { s[lid] = gid; barrier(CLK_LOCAL_MEM_FENCE); out[gid] = s[(lid + 1) % n]; }\n"
"  else { for (int k = 0; k < 1000; ++k) out[gid] += k; } }\n"
"__kernel void loop_split(__global int *out, int n) {\n"
"  __local int s[256]; int gid = get_global_id(0), lid = get_local_id(0);\n"
"  int acc = 0;\n"
"  for (int k = 0; k <= lid % n; ++k) { s[lid] = gid + k; barrier(CLK_LOCAL_MEM_FENCE); acc += s[(lid + 1) % 256]; barrier(CLK_LOCAL_MEM_FENCE); }\n"
"  out[gid] = acc; }\n"
"__kernel void warp_reduce(__global int *out, __global const int *in) {\n"
"  __local volatile int s[256]; int lid = get_local_id(0);\n"
"  s[lid] = in[get_global_id(0)]; barrier(CLK_LOCAL_MEM_FENCE);\n"
"  for (int st = 128; st > 32; st >>= 1) { if (lid < st) s[lid] += s[lid + st]; barrier(CLK_LOCAL_MEM_FENCE); }\n"
"  if (lid < 32) { s[lid] += s[lid + 32]; s[lid] += s[lid + 16]; s[lid] += s[lid + 8];\n"
"                  s[lid] += s[lid + 4]; s[lid] += s[lid + 2]; s[lid] += s[lid + 1]; }\n"
"  if (lid == 0) out[get_group_id(0)] = s[0]; }\n";
int main(int argc, char **argv) {
  const char *name = argv[1]; int n = atoi(argv[2]); size_t global = atoi(argv[3]), local = 256;
  cl_platform_id ps[8]; cl_uint np; clGetPlatformIDs(8, ps, &np);
  cl_device_id dev = 0;
  for (cl_uint i = 0; i < np && !dev; ++i) {
    char pn[256]; clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, sizeof pn, pn, NULL);
    if (strstr(pn, "NVIDIA")) clGetDeviceIDs(ps[i], CL_DEVICE_TYPE_GPU, 1, &dev, NULL);
  }
  cl_int e; cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
  cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &e);
  cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &e);
  if (clBuildProgram(p, 1, &dev, "", NULL, NULL)) { char log[8192]; clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL); printf("build: %s\n", log); return 2; }
  cl_kernel k = clCreateKernel(p, name, &e);
  int *host = calloc(global, sizeof(int)), *in = malloc(global * sizeof(int));
  for (size_t i = 0; i < global; ++i) in[i] = 1;
  cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, global * sizeof(int), host, &e);
  cl_mem inb = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, global * sizeof(int), in, &e);
  clSetKernelArg(k, 0, sizeof out, &out);
  if (!strcmp(name, "warp_reduce")) clSetKernelArg(k, 1, sizeof inb, &inb); else clSetKernelArg(k, 1, sizeof n, &n);
  int bad = 0;
  for (int rep = 0; rep < 200; ++rep) {
    e = clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL);
    clEnqueueReadBuffer(q, out, CL_TRUE, 0, global * sizeof(int), host, 0, NULL, NULL);
    if (!strcmp(name, "early_return")) {
      for (size_t g = 0; g < global; ++g) { size_t lid = g % 256, base = g - lid;
        size_t nb = base + (lid + 1) % 256; if ((int)g < n && (int)nb < n && host[g] != (int)nb) bad++; }
    } else if (!strcmp(name, "alive_split")) {
      for (size_t g = 0; g < global; ++g) { size_t lid = g % 256, base = g - lid;
        if ((int)lid < n && host[g] != (int)(base + (lid + 1) % n)) bad++; }
    } else if (!strcmp(name, "warp_reduce")) {
      for (size_t gr = 0; gr < global / 256; ++gr) if (host[gr] != 256) bad++;
    }
  }
  printf("%s n=%d global=%zu: finished, enqueue=%d, wrong values over 200 runs: %d (first out: %d %d %d)\n", name, n, global, e, bad, host[0], host[1], host[global-1]);
  return 0;
}
