"""One module per kind of answer the consultant gives besides a training plan."""
