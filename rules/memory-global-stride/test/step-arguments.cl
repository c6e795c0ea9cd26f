// RUN: not %cllint --rules=-*,memory-global-stride %s | %check-findings
// RUN: not %cllint --all --rules=-*,memory-global-stride %s | FileCheck %s --check-prefix=ALL
// RUN: not %cllint --rules=-*,memory-global-stride --config=%S/Inputs/step-args.yaml %s | FileCheck %s --check-prefix=KNOWN
// A lane stride that is an argument named as a step between elements (a pooling stride, a
// vector increment, a packed tensor's element stride) usually holds 1 or a few: a finding that
// needs it large rests on a value only the host knows, and is a note until the value is given.
// Row pitches and sizes stay warnings.

__kernel void max_pool(__global const float *in, __global float *out, int stride_w,
                       int kernel_w, int width) {
  int pw = get_global_id(0);
  int wstart = pw * stride_w;
  int wend = min(wstart + kernel_w, width);
  float m = -INFINITY;
  for (int w = wstart; w < wend; ++w)
    m = fmax(m, in[w]);
  // ALL: step-arguments.cl:[[@LINE-1]]:17: note: {{.*}}assumes {{.*}}stride_w >= 8, though 'stride_w' reads as a step between elements, which usually holds 1 or a few{{.*}}global load with stride = stride_w elements between consecutive work-items
  // KNOWN: step-arguments.cl:[[@LINE-2]]:17: warning: {{.*}}each work-item walks its own part of 'in' in a loop (a global load, 4 B per iteration) while consecutive work-items are 64 B apart
  out[pw] = m;
}

// A byte pointer walked by a byte stride (`src_stride_x` is the element size in a packed tensor).
__kernel void scale(__global uchar *src_ptr, int src_stride_x, __global float *dst) {
  int x = get_global_id(0);
  dst[x] = 2.0f * *(__global float *)(src_ptr + x * src_stride_x);
  // ALL: step-arguments.cl:[[@LINE-1]]:19: note: {{.*}}though 'src_stride_x' reads as a step between elements{{.*}}stride = src_stride_x B between consecutive work-items
}

__kernel void axpy_inc(__global const float *x, __global float *y, int incx, float a) {
  int i = get_global_id(0);
  y[i] += a * x[i * incx];
  // ALL: step-arguments.cl:[[@LINE-1]]:15: note: {{.*}}though 'incx' reads as a step between elements
}

// BLAS increments that number their operands or name their vector (ViennaCL's `inc1`, `incY`).
__kernel void element_prod(__global float *v1, uint inc1, __global const float *v2, uint incY) {
  int i = get_global_id(0);
  v1[i * inc1] = v1[i * inc1] * v2[i * incY];
  // ALL: step-arguments.cl:[[@LINE-1]]:3: note: {{.*}}though 'inc1' reads as a step between elements
  // ALL: step-arguments.cl:[[@LINE-2]]:33: note: {{.*}}though 'incY' reads as a step between elements
}

// The channels of a pixel: 1 to 4 in image code.
__kernel void red(__global const float *pixels, __global float *out, int number_channels) {
  int x = get_global_id(0);
  out[x] = pixels[x * number_channels];
  // ALL: step-arguments.cl:[[@LINE-1]]:12: note: {{.*}}though 'number_channels' reads as a step between elements
}

// A row pitch and a size: strided for any realistic value, warnings.
__kernel void column(__global const float *img, __global float *out, int row_stride) {
  int x = get_global_id(0);
  out[x] = img[x * row_stride];
  // CHECK: step-arguments.cl:[[@LINE-1]]:12: warning: {{.*}}global load with stride = row_stride elements between consecutive work-items
  // ALL: step-arguments.cl:[[@LINE-2]]:12: warning: {{.*}}stride = row_stride elements
}

__kernel void transpose(__global const float *in, __global float *out, int rows, int cols) {
  int x = get_global_id(0), y = get_global_id(1);
  out[x * rows + y] = in[y * cols + x];
  // CHECK: step-arguments.cl:[[@LINE-1]]:3: warning: {{.*}}global store with stride = rows elements between consecutive work-items
  // ALL: step-arguments.cl:[[@LINE-2]]:3: warning: {{.*}}stride = rows elements
}

// ggml's byte strides: nb00 (tensor 0, dimension 0) is the element size of a contiguous
// tensor; nb01 (dimension 1) is a row pitch and stays a warning.
__kernel void ggml_add(__global char *src0, __global char *dst, ulong nb00, ulong nb01) {
  int i0 = get_global_id(0), i1 = get_global_id(1);
  *(__global float *)(dst + i0 * nb00) = *(__global float *)(src0 + i0 * nb00) + 1.0f;
  // ALL: step-arguments.cl:[[@LINE-1]]:3: note: {{.*}}though 'nb00' reads as a step between elements
  // ALL: step-arguments.cl:[[@LINE-2]]:42: note: {{.*}}though 'nb00' reads as a step between elements
  *(__global float *)(dst + i1 + i0 * nb01) = 0.0f;
  // CHECK: step-arguments.cl:[[@LINE-1]]:3: warning: {{.*}}stride = nb01 B between consecutive work-items
}
