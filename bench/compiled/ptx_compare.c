/* Compiles pairs of OpenCL C sources on the first GPU device and says whether the compiled
 * code differs: for each line "BEFORE.cl<TAB>AFTER.cl<TAB>BUILD OPTIONS" of the list file, one
 * output line "N<TAB>same|different|error<TAB>instructions before<TAB>after<TAB>detail".
 * The program binary NVIDIA's driver returns is PTX; comment, .file and .loc lines are dropped
 * before comparing, so only the instructions and declarations count.
 *
 *   cc -O2 -o ptx_compare ptx_compare.c -lOpenCL && ./ptx_compare pairs.tsv > changes.tsv
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)n + 1);
  if (fread(s, 1, (size_t)n, f) != (size_t)n) {
    fclose(f);
    free(s);
    return NULL;
  }
  s[n] = 0;
  fclose(f);
  return s;
}

/* The PTX with comments, .file and .loc lines removed; *count gets the instruction lines. */
static char *normalised(const char *ptx, size_t *count) {
  size_t n = strlen(ptx);
  char *out = malloc(n + 1), *o = out;
  *count = 0;
  for (const char *line = ptx; *line;) {
    const char *end = strchr(line, '\n');
    size_t len = end ? (size_t)(end - line) : strlen(line);
    const char *t = line;
    while (t < line + len && (*t == ' ' || *t == '\t'))
      ++t;
    size_t rest = (size_t)(line + len - t);
    int skip = rest == 0 || (rest >= 2 && t[0] == '/' && t[1] == '/') ||
               (rest >= 5 && !strncmp(t, ".file", 5)) || (rest >= 4 && !strncmp(t, ".loc", 4));
    if (!skip) {
      memcpy(o, t, rest);
      o += rest;
      *o++ = '\n';
      if (t[0] != '.' && t[0] != '{' && t[0] != '}' && t[0] != '$' && t[0] != ')' &&
          t[0] != '(')
        ++*count;
    }
    line = end ? end + 1 : line + len;
  }
  *o = 0;
  return out;
}

static char *build(cl_context ctx, cl_device_id dev, const char *src, const char *opts,
                   char *err, size_t errlen) {
  cl_int e;
  cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &e);
  if (e != CL_SUCCESS) {
    snprintf(err, errlen, "clCreateProgramWithSource %d", e);
    return NULL;
  }
  if (clBuildProgram(p, 1, &dev, opts, NULL, NULL) != CL_SUCCESS) {
    size_t n = 0;
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &n);
    char *log = malloc(n + 1);
    clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, n, log, NULL);
    log[n] = 0;
    for (char *c = log; *c; ++c)
      if (*c == '\n' || *c == '\t')
        *c = ' ';
    snprintf(err, errlen, "build failed: %.200s", log);
    free(log);
    clReleaseProgram(p);
    return NULL;
  }
  size_t size = 0;
  clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof size, &size, NULL);
  unsigned char *bin = malloc(size + 1);
  clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL);
  bin[size] = 0;
  clReleaseProgram(p);
  return (char *)bin;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s PAIRS.tsv\n", argv[0]);
    return 64;
  }
  cl_platform_id plats[8];
  cl_uint np = 0;
  clGetPlatformIDs(8, plats, &np);
  cl_device_id dev = NULL;
  for (cl_uint i = 0; i < np && !dev; ++i)
    if (clGetDeviceIDs(plats[i], CL_DEVICE_TYPE_GPU, 1, &dev, NULL) != CL_SUCCESS)
      dev = NULL;
  if (!dev) {
    fprintf(stderr, "no GPU device\n");
    return 1;
  }
  char name[256] = "";
  clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof name, name, NULL);
  fprintf(stderr, "device: %s\n", name);
  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, NULL);
  FILE *list = fopen(argv[1], "r");
  if (!list)
    return 1;
  char line[8192];
  for (int n = 1; fgets(line, sizeof line, list); ++n) {
    line[strcspn(line, "\n")] = 0;
    char *before = strtok(line, "\t"), *after = strtok(NULL, "\t"), *opts = strtok(NULL, "\t");
    if (!before || !after) {
      printf("%d\terror\t0\t0\tbad line\n", n);
      continue;
    }
    char *a = slurp(before), *b = slurp(after), err[512] = "";
    if (!a || !b) {
      printf("%d\terror\t0\t0\tcannot read\n", n);
      continue;
    }
    char *pa = build(ctx, dev, a, opts ? opts : "", err, sizeof err);
    char *pb = pa ? build(ctx, dev, b, opts ? opts : "", err, sizeof err) : NULL;
    if (!pa || !pb) {
      printf("%d\terror\t0\t0\t%s (%s)\n", n, err, pa ? "after" : "before");
    } else {
      size_t ca = 0, cb = 0;
      char *na = normalised(pa, &ca), *nb = normalised(pb, &cb);
      printf("%d\t%s\t%zu\t%zu\t\n", n, strcmp(na, nb) ? "different" : "same", ca, cb);
      free(na);
      free(nb);
    }
    free(pa);
    free(pb);
    free(a);
    free(b);
    fflush(stdout);
  }
  return 0;
}
