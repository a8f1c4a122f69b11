import { appointmentChanges, appointments } from './schema';

// The columns of an appointment that several views select, each named once. A view is spelled
// out where it is made (its key order is its JSON's), from these parts and its own extras: what
// one view adds or leaves out (the agenda shows no price, the client's view no other client) is
// visible there.

/** Who it is for and with: the client's name and email, the professional's account and name. */
export const appointmentParties = {
  clientName: appointments.clientName,
  clientEmail: appointments.clientEmail,
  employeeId: appointments.employeeId,
  employeeName: appointments.employeeName,
};

/** What the staff's lists show of the booking itself: the service, its price, when, its status, the client's note. */
export const appointmentBooking = {
  serviceName: appointments.serviceName,
  serviceDuration: appointments.serviceDuration,
  price: appointments.price,
  startTime: appointments.startTime,
  endTime: appointments.endTime,
  status: appointments.status,
  notes_client: appointments.notes_client,
};

/** What a client sees of her own appointment: the service, its price, with whom, when, its status. */
export const appointmentForClient = {
  serviceName: appointments.serviceName,
  serviceDuration: appointments.serviceDuration,
  price: appointments.price,
  employeeName: appointments.employeeName,
  startTime: appointments.startTime,
  endTime: appointments.endTime,
  status: appointments.status,
};

/** One line of an appointment's audit (a move): what, by whom, from what to what, when. */
export const appointmentChange = {
  action: appointmentChanges.action,
  changedByName: appointmentChanges.changedByName,
  changedByRole: appointmentChanges.changedByRole,
  before: appointmentChanges.before,
  after: appointmentChanges.after,
  createdAt: appointmentChanges.createdAt,
};
