/* gridstone: GS_API marks the library's public functions and data.  The
 * shared library is built with -fvisibility=hidden, so only what carries
 * GS_API is exported; everything else stays internal to libgridstone. */
#ifndef GRIDSTONE_EXPORT_H
#define GRIDSTONE_EXPORT_H

#if defined(_WIN32) || defined(__CYGWIN__)
#  if defined(GS_BUILDING_DLL)
#    define GS_API __declspec(dllexport)
#  else
#    define GS_API
#  endif
#elif defined(__GNUC__) && __GNUC__ >= 4
#  define GS_API __attribute__((visibility("default")))
#else
#  define GS_API
#endif

#endif
