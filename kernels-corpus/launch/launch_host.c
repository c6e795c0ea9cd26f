/* Host code for tiles.cl, in the style of the classic benchmark suites: the work-group shapes
   live here, in clEnqueueNDRangeKernel, not in the kernels. */
#include <CL/cl.h>

#define BLOCK_SIZE 16
static const size_t ROW_ITEMS = 96;

void launch(cl_program program, cl_command_queue queue, int n, int w) {
  cl_int err;
  cl_kernel diag = clCreateKernel(program, "nw_diagonal", &err);
  cl_kernel rows = clCreateKernel(program, "row_filter", &err);
  cl_kernel cols = clCreateKernel(program, "column_stencil", &err);
  cl_kernel tr = clCreateKernel(program, "tile_transpose", &err);

  size_t global1 = (size_t)n * BLOCK_SIZE, local1 = BLOCK_SIZE;
  clEnqueueNDRangeKernel(queue, diag, 1, NULL, &global1, &local1, 0, NULL, NULL);

  size_t global2 = (size_t)n;
  clEnqueueNDRangeKernel(queue, rows, 1, NULL, &global2, &ROW_ITEMS, 0, NULL, NULL);

  size_t global3[2] = {(size_t)n, (size_t)w};
  size_t local3[2] = {1, 128};
  clEnqueueNDRangeKernel(queue, cols, 2, NULL, global3, local3, 0, NULL, NULL);

  size_t local4[2];
  local4[0] = BLOCK_SIZE;
  local4[1] = BLOCK_SIZE;
  clEnqueueNDRangeKernel(queue, tr, 2, NULL, global3, local4, 0, NULL, NULL);
}
