import xyzalert


class Screen(xyzalert.Host):                     # override only what you draw
    def show(self, alert, target, view):
        print("show", alert.id)


with xyzalert.Dispatch(Screen(), name="home") as home:
    home.page_did_appear()
    consent = xyzalert.Alert("consent", priority=10)
    home.add([xyzalert.Alert("welcome"), consent])   # raises on failure
    consent.dismiss()
