#!/usr/bin/python3
"""A Django admin site on 127.0.0.1 for Tern's end-to-end tests (issue 30).

Debian's python3-django, run by Debian's own python3: a "library" app of
authors and books (a book's author is a foreign key, so its admin form has
Django's "add another author" popup), a superuser `admin`/`tern-secret`,
and SQLite in FOLDER. Prints `PORT n` once the server listens, then serves
until killed.

    django_admin_site.py FOLDER
"""
import os
import socket
import sys

folder = os.path.abspath(sys.argv[1])
app = os.path.join(folder, "library")
os.makedirs(app, exist_ok=True)
files = {
    "__init__.py": "",
    "models.py": (
        "from django.db import models\n\n"
        "class Author(models.Model):\n"
        "    name = models.CharField(max_length=100)\n"
        "    def __str__(self):\n"
        "        return self.name\n\n"
        "class Book(models.Model):\n"
        "    title = models.CharField(max_length=100)\n"
        "    author = models.ForeignKey(Author, on_delete=models.CASCADE)\n"
        "    def __str__(self):\n"
        "        return self.title\n"
    ),
    "admin.py": (
        "from django.contrib import admin\n"
        "from .models import Author, Book\n"
        "admin.site.register(Author)\n"
        "admin.site.register(Book)\n"
    ),
    "urls.py": (
        "from django.contrib import admin\n"
        "from django.urls import path\n"
        "urlpatterns = [path('admin/', admin.site.urls)]\n"
    ),
}
for name, text in files.items():
    with open(os.path.join(app, name), "w") as f:
        f.write(text)
sys.path.insert(0, folder)

import django
from django.conf import settings

settings.configure(
    DEBUG=True,
    SECRET_KEY="tern-end-to-end-tests",
    ALLOWED_HOSTS=["127.0.0.1", "localhost"],
    ROOT_URLCONF="library.urls",
    INSTALLED_APPS=["django.contrib.admin", "django.contrib.auth", "django.contrib.contenttypes",
                    "django.contrib.sessions", "django.contrib.messages", "django.contrib.staticfiles", "library"],
    MIDDLEWARE=["django.middleware.security.SecurityMiddleware", "django.contrib.sessions.middleware.SessionMiddleware",
                "django.middleware.common.CommonMiddleware", "django.middleware.csrf.CsrfViewMiddleware",
                "django.contrib.auth.middleware.AuthenticationMiddleware",
                "django.contrib.messages.middleware.MessageMiddleware",
                "django.middleware.clickjacking.XFrameOptionsMiddleware"],
    TEMPLATES=[{"BACKEND": "django.template.backends.django.DjangoTemplates", "APP_DIRS": True,
                "OPTIONS": {"context_processors": ["django.template.context_processors.debug",
                                                   "django.template.context_processors.request",
                                                   "django.contrib.auth.context_processors.auth",
                                                   "django.contrib.messages.context_processors.messages"]}}],
    DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": os.path.join(folder, "db.sqlite3")}},
    STATIC_URL="/static/",
    DEFAULT_AUTO_FIELD="django.db.models.AutoField",
    USE_TZ=True,
)
django.setup()

from django.core.management import call_command
from django.contrib.auth import get_user_model

call_command("makemigrations", "library", verbosity=0)
call_command("migrate", verbosity=0)
get_user_model().objects.create_superuser("admin", "admin@example.com", "tern-secret")

probe = socket.socket()
probe.bind(("127.0.0.1", 0))
port = probe.getsockname()[1]
probe.close()
print("PORT %d" % port, flush=True)
call_command("runserver", "127.0.0.1:%d" % port, use_reloader=False, use_threading=True, verbosity=0)
